import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import * as contactApi from "~/routes/api/contact";
import * as contactPage from "~/routes/contact";
import { CONTACT_MESSAGES } from "~/lib/contact-form";
import { type DB, setDb } from "~/server/db.server";
import { reloadEnv } from "~/server/env.server";
import { recentContactMessages } from "~/server/models/contact-message.server";
import { formPost, ORIGIN, run } from "../helpers/accounts";
import { createTestDb, type TestDb } from "../helpers/db";

let testDb: TestDb;
let db: DB;

beforeAll(async () => {
  testDb = await createTestDb();
  db = testDb.db;
  setDb(db);
});

afterAll(async () => {
  await testDb?.destroy();
});

const SETTINGS = ["CONTACT_ENABLED", "SMTP_URL", "CONTACT_TO", "CONTACT_FROM"] as const;
afterEach(() => {
  for (const name of SETTINGS) delete process.env[name];
  reloadEnv();
});

let ipCounter = 0;
const freshIp = () => ({ clientIp: `198.51.100.${++ipCounter}` });

const GOOD = { name: "Ada Lovelace", email: "ada@example.org", message: "Thank you for the Keats collection." };

function apiPost(body: unknown, context = freshIp(), headers: Record<string, string> = {}) {
  const request = new Request(`${ORIGIN}/api/contact`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return run(contactApi.action, request, {}, context);
}

const messagesFrom = async (email: string) => (await recentContactMessages(db, 500)).filter((m) => m.email === email);

describe("the /contact page's action (no JavaScript)", () => {
  test("stores a good message and answers the success text", async () => {
    const answer = await run(contactPage.action, formPost("/contact", { ...GOOD, email: "page@example.org", website: "" }), {}, freshIp());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, message: CONTACT_MESSAGES.success });
    const [stored] = await messagesFrom("page@example.org");
    expect(stored).toMatchObject({ name: "Ada Lovelace", message: GOOD.message, delivery: "stored" });
  });

  test("answers 400 with the spec's message by each field, keeping what was typed; whitespace-only is empty", async () => {
    const answer = await run(contactPage.action, formPost("/contact", { name: "   ", email: "ada-at-example", message: "short" }), {}, freshIp());
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      status: 400,
      error: "Please check your information and try again.",
      errors: { name: "Name is required", email: "Please enter a valid email address", message: "Message must be at least 10 characters" },
      values: { name: "   ", email: "ada-at-example", message: "short" },
    });
    expect(await messagesFrom("ada-at-example")).toHaveLength(0);
  });

  test("refuses a post from another site", async () => {
    const answer = await run(contactPage.action, formPost("/contact", GOOD, { Origin: "https://evil.example" }), {}, freshIp());
    expect(answer.status).toBe(403);
  });

  test("the honeypot answers success but keeps nothing", async () => {
    const fields = { ...GOOD, email: "bot@example.org", website: "http://spam.example" };
    const answer = await run(contactPage.action, formPost("/contact", fields), {}, freshIp());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, message: CONTACT_MESSAGES.success });
    const api = await apiPost({ ...GOOD, email: "bot@example.org", website: "buy now" });
    expect(api.status).toBe(200);
    expect(await messagesFrom("bot@example.org")).toHaveLength(0);
  });
});

describe("POST /api/contact", () => {
  test("stores the message and answers {success, message}", async () => {
    const answer = await apiPost({ ...GOOD, email: "api@example.org", message: "  A note about a typo in Ozymandias.  " });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: CONTACT_MESSAGES.success });
    const [stored] = await messagesFrom("api@example.org");
    expect(stored.message).toBe("A note about a typo in Ozymandias.");
    expect(stored.client_ip).toMatch(/^198\.51\.100\./);
  });

  test("a bad body or field is a 400 naming the parameter, never a 500", async () => {
    const notJson = await apiPost("{name:");
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({ parameter: "body" });
    const array = await apiPost([1, 2]);
    expect(array.status).toBe(400);
    expect(array.body).toMatchObject({ parameter: "body" });
    const bad = await apiPost({ ...GOOD, message: "x".repeat(5001) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      status: 400,
      error: "Please check your information and try again.",
      parameter: "message",
      errors: { message: "Message must be less than 5000 characters" },
    });
    const missing = await apiPost({});
    expect(missing.body.errors).toEqual({ name: "Name is required", email: "Email is required", message: "Message is required" });
  });

  test("GET is a 405", async () => {
    const answer = await run(contactApi.loader, new Request(`${ORIGIN}/api/contact`));
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });

  test("five messages an hour per client address, then 429; other addresses are not affected; the counter is in the database", async () => {
    const context = freshIp();
    for (let i = 1; i <= 5; i++) {
      const answer = await apiPost({ ...GOOD, email: `limit${i}@example.org` }, context);
      expect(answer.status).toBe(200);
    }
    const refused = await apiPost({ ...GOOD, email: "limit6@example.org" }, context);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: "You've sent too many messages recently. Please try again in an hour.", status: 429 });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await messagesFrom("limit6@example.org")).toHaveLength(0);
    // The page's action shares the same limit.
    const page = await run(contactPage.action, formPost("/contact", GOOD), {}, context);
    expect(page.status).toBe(429);
    expect(page.body.error).toBe("You've sent too many messages recently. Please try again in an hour.");
    const counter = await db.selectFrom("login_attempts").select("count").where("key", "=", `contact-ip:${context.clientIp}`).executeTakeFirst();
    expect(counter?.count).toBe(5);
    expect((await apiPost(GOOD)).status).toBe(200);
  });

  test("503 with the spec's text when CONTACT_ENABLED=false", async () => {
    process.env.CONTACT_ENABLED = "false";
    reloadEnv();
    const answer = await apiPost({ ...GOOD, email: "off@example.org" });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      error: "The contact form is temporarily unavailable. Please try again later or email us directly.",
      status: 503,
    });
    const page = await run(contactPage.action, formPost("/contact", { ...GOOD, email: "off@example.org" }), {}, freshIp());
    expect(page.status).toBe(503);
    expect(await messagesFrom("off@example.org")).toHaveLength(0);
  });
});

describe("forwarding by SMTP (a real SMTP server on loopback)", () => {
  interface Received {
    from: string;
    to: string[];
    raw: string;
  }
  let smtp: SMTPServer;
  let port: number;
  const received: Received[] = [];
  let refuse = false;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          if (refuse) {
            callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  function configureSmtp() {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.CONTACT_TO = "editors@poetry.example";
    process.env.CONTACT_FROM = "Poetry Commons <no-reply@poetry.example>";
    reloadEnv();
  }

  test("the mail arrives with the name, the visitor's address as Reply-To, and the message", async () => {
    configureSmtp();
    const answer = await apiPost({ name: "Grace Hopper", email: "grace@example.org", message: "Please add more Tennyson to the site." });
    expect(answer.status).toBe(200);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe("no-reply@poetry.example");
    expect(mail.to).toEqual(["editors@poetry.example"]);
    expect(mail.raw).toMatch(/^Reply-To: Grace Hopper <grace@example\.org>$/m);
    expect(mail.raw).toMatch(/^From: Poetry Commons <no-reply@poetry\.example>$/m);
    expect(mail.raw).toMatch(/^Subject: .*Grace Hopper/m);
    expect(mail.raw).toContain("Please add more Tennyson to the site.");
    const [stored] = await messagesFrom("grace@example.org");
    expect(stored.delivery).toBe("sent");
  });

  test("an SMTP failure keeps the stored message and answers the general failure", async () => {
    configureSmtp();
    refuse = true;
    try {
      const answer = await apiPost({ name: "Alan", email: "alan@example.org", message: "A message the mail server refuses." });
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ error: "Failed to send your message. Please try again later.", status: 502 });
    } finally {
      refuse = false;
    }
    const [stored] = await messagesFrom("alan@example.org");
    expect(stored).toMatchObject({ message: "A message the mail server refuses.", delivery: "failed" });
    expect(stored.delivery_error).toMatch(/550|Mailbox unavailable/);
  });
});
