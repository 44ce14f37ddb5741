import { describe, expect, it } from "vitest";
import { FORM_BODY_MESSAGE, FORM_TYPE_MESSAGE, readForm } from "./form.server";

const post = (body: BodyInit | undefined, contentType?: string) =>
  new Request("http://localhost/logout", {
    method: "POST",
    body,
    headers: contentType === undefined ? {} : { "Content-Type": contentType },
  });

async function refusal(request: Request) {
  const thrown = await readForm(request).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

describe("readForm", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect((await readForm(post("a=1&b=%3C", "application/x-www-form-urlencoded"))).get("b")).toBe("<");
    const form = new FormData();
    form.set("a", "1");
    expect((await readForm(new Request("http://localhost/", { method: "POST", body: form }))).get("a")).toBe("1");
  });

  // The fuzzer's shrunk counterexample: POST /logout with Content-Type application/json and an empty body was a
  // 500 (request.formData() throws a TypeError), as were /contact, /settings, /favorites, /profile and /login.
  it("refuses a body that is not a form with a 415 that says which types to send", async () => {
    for (const type of ["application/json", "text/plain", undefined]) {
      expect(await refusal(post("", type))).toEqual({ status: 415, type: "text/plain; charset=utf-8", text: FORM_TYPE_MESSAGE });
    }
  });

  it("refuses a malformed form body with a 400", async () => {
    expect(await refusal(post("garbage", "multipart/form-data"))).toMatchObject({ status: 400, text: FORM_BODY_MESSAGE });
    expect(await refusal(post("--x\r\n", "multipart/form-data; boundary=nope"))).toMatchObject({ status: 400 });
  });
});
