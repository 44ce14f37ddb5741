import { sql } from "kysely";
import { createDb } from "~/server/db.server";
import { poetryDbResponse } from "~/server/poetrydb-http.server";
import { refreshPoetryDbTexts } from "~/server/models/poetrydb.server";
const db = createDb({ databaseUrl: process.env.DATABASE_URL!, poolMax: 4 });
const n = Number((await sql<{ n: number }>`select count(*) as n from poems`.execute(db)).rows[0].n);
await sql`truncate poetrydb_texts`.execute(db);
let t = performance.now();
const built = await refreshPoetryDbTexts(db);
const chunks = Number((await sql<{ n: number }>`select count(*) as n from poetrydb_texts`.execute(db)).rows[0].n);
process.stdout.write(`refresh: ${built} of ${n} poems (${chunks} chunks) in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
t = performance.now();
await refreshPoetryDbTexts(db);
process.stdout.write(`refresh again (nothing changed): ${(performance.now() - t).toFixed(0)} ms\n`);
for (const path of (process.env.PATHS ?? "").split(" ")) {
  const times: number[] = [];
  let size = 0;
  let count = 0;
  for (let i = 0; i < 5; i++) {
    const s = performance.now();
    const res = await poetryDbResponse(db, new Request(`http://x/poetrydb${path}`));
    const text = await res.text();
    times.push(performance.now() - s);
    size = text.length;
    try { const j = JSON.parse(text); count = Array.isArray(j) ? j.length : (j.authors ?? j.titles ?? []).length; } catch {}
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`${path}: median ${times[2].toFixed(1)} ms, ${count} items, ${(size / 1024).toFixed(0)} KiB\n`);
}
await db.destroy();
