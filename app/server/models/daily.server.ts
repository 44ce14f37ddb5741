import { sql } from "kysely";
import type { IsoDate } from "~/lib/daily-date";
import type { DB } from "../db.server";
import type { PoemDetail } from "../serialize.server";
import { findPoem } from "./poem.server";

/** The poem of the day in the API shape: the poem as GET /api/poems/{id} gives it, plus its day. */
export type DailyPoemDetail = PoemDetail & { scheduled_date: IsoDate; auto_selected: boolean };

// `date` columns are read as text: drivers turn them into Dates at local midnight, which shifts the day.
const dateText = sql<string>`to_char(daily_poems.date, 'YYYY-MM-DD')`;

/** The day's poem in full, or null when nothing is scheduled on that date. */
export async function findDailyPoem(db: DB, date: IsoDate): Promise<DailyPoemDetail | null> {
  const row = await db
    .selectFrom("daily_poems")
    .where("date", "=", date)
    .select(["poem_id", "auto_selected"])
    .executeTakeFirst();
  if (!row) return null;
  const poem = await findPoem(db, row.poem_id);
  if (!poem) return null;
  return { ...poem, scheduled_date: date, auto_selected: row.auto_selected };
}

export async function hasDailyPoem(db: DB, date: IsoDate): Promise<boolean> {
  return (await db.selectFrom("daily_poems").where("date", "=", date).select("poem_id").executeTakeFirst()) !== undefined;
}

export async function countDailyPoems(db: DB): Promise<number> {
  const { count } = await db
    .selectFrom("daily_poems")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface ScheduleRow {
  date: IsoDate;
  poem_id: string;
  poet_id: number;
  auto_selected: boolean;
}

/** Every scheduled day from `from` to `to` inclusive, oldest first, with each poem's poet. */
export async function scheduleBetween(db: DB, from: IsoDate, to: IsoDate): Promise<ScheduleRow[]> {
  return db
    .selectFrom("daily_poems")
    .innerJoin("poems", "poems.id", "daily_poems.poem_id")
    .where("daily_poems.date", ">=", from)
    .where("daily_poems.date", "<=", to)
    .select([dateText.as("date"), "daily_poems.poem_id", "poems.poet_id", "daily_poems.auto_selected"])
    .orderBy("daily_poems.date")
    .execute();
}

/** Poems the scheduler may pick on its own: 4 to 60 lines, with some text. Ordered by id (stable). */
export async function dailyCandidates(db: DB, minLines: number, maxLines: number) {
  return db
    .selectFrom("poems")
    .where("line_count", ">=", minLines)
    .where("line_count", "<=", maxLines)
    .where(sql<boolean>`btrim(content) <> ''`)
    .select(["id", "poet_id"])
    .orderBy("id")
    .execute();
}

/** A poem by id or slug, for a pin: its id and poet. */
export async function poemForPin(db: DB, idOrSlug: string) {
  return db
    .selectFrom("poems")
    .where((eb) => eb.or([eb("id", "=", idOrSlug), eb("slug", "=", idOrSlug)]))
    .select(["id", "poet_id"])
    .orderBy(sql`id = ${idOrSlug}`, "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Adds a day unless one is already there (two schedulers at once cannot overwrite each other). */
export async function insertDailyPoem(db: DB, row: { date: IsoDate; poem_id: string; auto_selected: boolean }): Promise<boolean> {
  const result = await db
    .insertInto("daily_poems")
    .values(row)
    .onConflict((oc) => oc.column("date").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces a not-yet-shown day with the maintainer's pin. */
export async function pinDailyPoem(db: DB, date: IsoDate, poemId: string): Promise<void> {
  await db
    .insertInto("daily_poems")
    .values({ date, poem_id: poemId, auto_selected: false })
    .onConflict((oc) => oc.column("date").doUpdateSet({ poem_id: poemId, auto_selected: false, created_at: sql`now()` }))
    .execute();
}

export interface ArchiveEntry {
  date: IsoDate;
  poem_id: string;
  title: string;
  author: string;
  author_directory: string;
}

export interface ArchiveMonth {
  /** 'YYYY-MM'. */
  month: string;
  days: number;
}

/** Months that have a scheduled day up to `through`, newest first, with how many days each has. */
export async function archiveMonths(db: DB, through: IsoDate): Promise<ArchiveMonth[]> {
  const rows = await db
    .selectFrom("daily_poems")
    .where("date", "<=", through)
    .select([sql<string>`to_char(date, 'YYYY-MM')`.as("month"), (eb) => eb.fn.countAll<string>().as("days")])
    .groupBy(sql`to_char(date, 'YYYY-MM')`)
    .orderBy(sql`to_char(date, 'YYYY-MM')`, "desc")
    .execute();
  return rows.map((r) => ({ month: r.month, days: Number(r.days) }));
}

/** The scheduled days of one month ('YYYY-MM') up to `through`, newest first, with title and poet. */
export async function archiveMonth(db: DB, month: string, through: IsoDate): Promise<ArchiveEntry[]> {
  const first = `${month}-01`;
  return db
    .selectFrom("daily_poems")
    .innerJoin("poems", "poems.id", "daily_poems.poem_id")
    .innerJoin("poets", "poets.id", "poems.poet_id")
    .where("daily_poems.date", ">=", first)
    .where("daily_poems.date", "<", sql<string>`(${first}::date + interval '1 month')::date`)
    .where("daily_poems.date", "<=", through)
    .select([
      dateText.as("date"),
      "daily_poems.poem_id",
      "poems.title",
      "poets.name as author",
      "poets.directory as author_directory",
    ])
    .orderBy("daily_poems.date", "desc")
    .execute();
}
