import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type DB } from "~/server/db.server";

// The import opens PGlite with small Postgres memory settings: inside WASM the buffer pool is linear memory
// that Postgres writes in full at start-up and never gives back, so its size is paid in RSS for the whole run.
let db: DB | undefined;
afterAll(async () => {
  await db?.destroy();
});

describe("PGlite opened for batch work", () => {
  it("runs with a 16 MB buffer pool instead of the 128 MB initdb writes", async () => {
    db = createDb({ pgliteDir: "memory://", pgliteLowMemory: true });
    const setting = async (name: string) =>
      (await sql<{ setting: string }>`select current_setting(${name}) as setting`.execute(db!)).rows[0]?.setting;
    expect(await setting("shared_buffers")).toBe("16MB");
    expect(await setting("maintenance_work_mem")).toBe("16MB");
  }, 120_000);
});
