import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crcShift, nonceTemplate } from "./nonce-template.server";
import { createNonce } from "./security-headers.server";

/** A page shaped like React Router's: inline scripts with the nonce at the end, and a lot of text before. */
function page(nonce: string, verses = 2_000): Buffer {
  const text = Array.from({ length: verses }, (_, i) => `<p class="line">Line ${i} of a long poem</p>`).join("");
  const scripts = [1, 2, 3].map((n) => `<script nonce="${nonce}">window.step${n}=${n};</script>`).join("");
  return Buffer.from(`<!DOCTYPE html><html><body>${text}${scripts}<p>after</p></body></html>`);
}

describe("crcShift", () => {
  it("gives the factor that appends bytes to a CRC-32 (checked against zlib on whole buffers)", () => {
    const multiply = (a: number, b: number) => {
      let product = 0;
      for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
        if (a & mask) product ^= b;
        b = b & 1 ? (b >>> 1) ^ 0xedb88320 : b >>> 1;
      }
      return product >>> 0;
    };
    for (const [a, b] of [
      ["poem", "of the day"],
      ["x".repeat(70_000), "tail"],
      ["", "only b"],
    ] as const) {
      const bufA = Buffer.from(a);
      const bufB = Buffer.from(b);
      const combined = (multiply(crcShift(bufB.length), crc32(bufA)) ^ crc32(bufB)) >>> 0;
      expect(combined).toBe(crc32(Buffer.concat([bufA, bufB])));
    }
  });
});

describe("nonceTemplate", () => {
  const rendered = createNonce();
  const body = page(rendered);
  const template = nonceTemplate(body, rendered)!;

  it("puts a fresh nonce everywhere the rendered one was, in the plain body", () => {
    const fresh = createNonce();
    const out = template.plain(fresh).toString();
    expect(out).toBe(body.toString().replaceAll(rendered, fresh));
    expect(out).not.toContain(rendered);
    expect(out.match(new RegExp(`nonce="${fresh}"`, "g"))).toHaveLength(3);
  });

  it("builds a valid gzip stream (checked CRC and length) for each fresh nonce", () => {
    for (let i = 0; i < 20; i++) {
      const fresh = createNonce();
      const gzip = template.gzip(fresh);
      // gunzipSync verifies the CRC-32 and the size in the trailer.
      expect(gunzipSync(gzip).toString()).toBe(body.toString().replaceAll(rendered, fresh));
      expect(gzip.length).toBeLessThan(body.length / 5);
    }
  });

  it("never lets later text refer back to a nonce's bytes, even text that repeats part of it", () => {
    for (let i = 0; i < 20; i++) {
      const nonce = createNonce();
      const echo = `<p>${nonce.slice(0, 12)} and ${nonce.slice(8)}</p>`.repeat(20);
      const html = Buffer.from(`<head><script nonce="${nonce}">1</script></head><body>${echo}<script nonce="${nonce}">2</script>${echo}</body>`);
      const fresh = createNonce();
      expect(gunzipSync(nonceTemplate(html, nonce)!.gzip(fresh)).toString()).toBe(html.toString().replaceAll(nonce, fresh));
    }
  });

  it("leaves bodies without the nonce alone, and refuses a nonce of another length", () => {
    expect(nonceTemplate(Buffer.from('{"poems":[]}'), rendered)).toBeNull();
    expect(() => template.plain("short")).toThrow(/22 characters/);
    expect(() => template.gzip(`${rendered}x`)).toThrow(/22 characters/);
  });
});
