import { describe, expect, it } from "vitest";
import { isSecureRequest } from "./reading-preferences.server";

describe("isSecureRequest", () => {
  it("marks the cookie Secure only for HTTPS in production", () => {
    expect(isSecureRequest(new Request("https://poems.example/settings"), "production")).toBe(true);
    expect(isSecureRequest(new Request("http://localhost:3000/settings"), "production")).toBe(false);
    expect(isSecureRequest(new Request("https://poems.example/settings"), "development")).toBe(false);
  });

  it("trusts a proxy's X-Forwarded-Proto (it can only make the cookie stricter)", () => {
    const behindProxy = new Request("http://127.0.0.1:3000/settings", { headers: { "X-Forwarded-Proto": "https, http" } });
    expect(isSecureRequest(behindProxy, "production")).toBe(true);
    const plain = new Request("http://127.0.0.1:3000/settings", { headers: { "X-Forwarded-Proto": "http" } });
    expect(isSecureRequest(plain, "production")).toBe(false);
  });

  it("marks it Secure when the public SITE_URL is https, even when the proxy does not say so", () => {
    const request = new Request("http://127.0.0.1:3000/login");
    expect(isSecureRequest(request, "production", "https://poems.example")).toBe(true);
    expect(isSecureRequest(request, "production", "http://poems.example")).toBe(false);
    expect(isSecureRequest(request, "test", "https://poems.example")).toBe(false);
  });
});
