import { constants as zlib, crc32, deflateRawSync } from "node:zlib";

/**
 * A cached page whose CSP nonce is replaced by a fresh one on every hit, without rendering or compressing
 * again (app/server/response-cache.server.ts). The nonce is a fixed-length token, so the page is kept as a
 * template with the offsets where the rendered nonce sits, and a hit copies it and writes the new one there:
 *
 * - plain: the body itself;
 * - gzip: the pieces between the nonces are deflated once, each on its own and ending on a byte boundary (a
 *   sync flush), with every nonce between them in a stored (uncompressed) deflate block, so its bytes appear
 *   as they are in the gzip stream; only the CRC-32 in the trailer changes, and it is updated arithmetically
 *   without reading the body again. The result is about 15% larger than the page gzipped whole.
 *
 * Brotli cannot be patched like this (later blocks may copy from the nonce's bytes, and whether a distance
 * means a back-reference or its built-in dictionary depends on position), so such pages go out gzip, not br.
 */

export interface NonceTemplate {
  /** The body with `nonce` wherever the rendered one was. */
  plain(nonce: string): Buffer;
  /** The same body as a gzip stream. */
  gzip(nonce: string): Buffer;
  readonly bytes: number;
}

const CRC_POLY = 0xedb88320;

/** a(x)·b(x) mod p(x) over GF(2), in the bit-reflected order CRC-32 uses. */
function multModP(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
    if (a & mask) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod p for k = 0..63: repeated squaring, starting from x (bit 30 in reflected order). */
const X_POW_2K: number[] = [];
X_POW_2K[0] = 1 << 30;
for (let k = 1; k < 64; k++) X_POW_2K[k] = multModP(X_POW_2K[k - 1]!, X_POW_2K[k - 1]!);

/** x^(8·bytes) mod p: the factor that shifts a CRC past `bytes` more bytes. */
export function crcShift(bytes: number): number {
  let power = 0x80000000; // x^0
  let n = bytes;
  for (let k = 3; n > 0; k++, n = Math.floor(n / 2)) {
    if (n % 2 === 1) power = multModP(X_POW_2K[k % 64]!, power);
  }
  return power;
}

/** Deflate's window: the farthest back a reference can reach. */
const WINDOW = 32 * 1024;

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A non-final stored deflate block holding `data` (the stream is on a byte boundary before it). */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0; // BFINAL 0, BTYPE 00, then padding to the byte boundary
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

/** Where `needle` occurs in `buffer`. */
function occurrences(buffer: Buffer, needle: Buffer): number[] {
  const found: number[] = [];
  for (let at = buffer.indexOf(needle); at >= 0; at = buffer.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** A copy of `template` with `nonce` written at each offset. */
function withNonce(template: Buffer, offsets: number[], nonce: Buffer): Buffer {
  const copy = Buffer.allocUnsafe(template.length);
  template.copy(copy);
  for (const offset of offsets) nonce.copy(copy, offset);
  return copy;
}

/**
 * Builds the template of `body`, rendered with `nonce`; null when the nonce does not occur in it. The work
 * (deflating, CRC factors) is done here, once per cached page; a hit then costs a copy of the body and one
 * CRC multiplication.
 */
export function nonceTemplate(body: Buffer, nonce: string): NonceTemplate | null {
  const needle = Buffer.from(nonce, "latin1");
  const plainOffsets = occurrences(body, needle);
  if (plainOffsets.length === 0) return null;
  const nonceLength = needle.length;

  // gzip: the pieces between the nonces deflated on their own, the nonces as stored blocks between them.
  // Each piece may still refer back to what came before it (a preset dictionary: the preceding 32 KB), but
  // in that dictionary every nonce is NUL bytes, which HTML never contains, so no reference can land on a
  // nonce's bytes, and patching them cannot change what a later piece decodes to. (A body with NULs of its own
  // gets no dictionaries: smaller gains, same correctness.)
  const masked = Buffer.from(body);
  for (const offset of plainOffsets) masked.fill(0, offset, offset + nonceLength);
  const useDictionary = body.indexOf(0) < 0;
  const parts: Buffer[] = [GZIP_HEADER];
  const gzipOffsets: number[] = [];
  let length = GZIP_HEADER.length;
  let start = 0;
  const ends = [...plainOffsets, body.length];
  ends.forEach((end, i) => {
    const last = i === ends.length - 1;
    const piece = deflateRawSync(body.subarray(start, end), {
      level: 6,
      finishFlush: last ? zlib.Z_FINISH : zlib.Z_SYNC_FLUSH,
      ...(useDictionary && start > 0 ? { dictionary: masked.subarray(Math.max(0, start - WINDOW), start) } : {}),
    });
    parts.push(piece);
    length += piece.length;
    if (!last) {
      const block = storedBlock(needle);
      gzipOffsets.push(length + 5);
      parts.push(block);
      length += block.length;
      start = end + nonceLength;
    }
  });
  const trailer = Buffer.alloc(8);
  const crc = crc32(body);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(body.length % 2 ** 32, 4);
  parts.push(trailer);
  const gzipTemplate = Buffer.concat(parts);

  // CRC-32 is affine: between two bodies of one length it changes by the CRC (without its pre- and
  // post-conditioning) of their difference, here the same nonce difference at every offset. Shifting that
  // difference to each place and adding up is one multiplication by the sum of the shift factors.
  let shiftSum = 0;
  for (const offset of plainOffsets) shiftSum ^= crcShift(body.length - offset - nonceLength);
  const zeroCrc = crc32(Buffer.alloc(nonceLength));

  const bytesOf = (fresh: string): Buffer => {
    const bytes = Buffer.from(fresh, "latin1");
    // Every nonce is 22 characters (createNonce); another length would move the bytes after it.
    if (bytes.length !== nonceLength || !/^[\w+/=-]+$/.test(fresh)) {
      throw new Error(`expected a base64 nonce of ${nonceLength} characters`);
    }
    return bytes;
  };

  return {
    bytes: body.length + gzipTemplate.length,
    plain(fresh) {
      return withNonce(body, plainOffsets, bytesOf(fresh));
    },
    gzip(fresh) {
      const freshBytes = bytesOf(fresh);
      const out = withNonce(gzipTemplate, gzipOffsets, freshBytes);
      const difference = Buffer.from(freshBytes);
      for (let i = 0; i < nonceLength; i++) difference[i] = difference[i]! ^ needle[i]!;
      const change = multModP(shiftSum, (crc32(difference) ^ zeroCrc) >>> 0);
      out.writeUInt32LE((crc ^ change) >>> 0, out.length - 8);
      return out;
    },
  };
}
