import { type Kysely, sql } from "kysely";

// Frozen in time: this file must not import application code.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);

  await db.schema
    .createTable("poets")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("directory", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("sort_name", "text", (c) => c.notNull())
    .addColumn("birth_date", "text")
    .addColumn("death_date", "text")
    .addColumn("dates_precision", "text")
    .addColumn("description", "text")
    .addColumn("biography", "text")
    .addColumn("biography_source", "text")
    .addColumn("biography_license", "text")
    .addColumn("primary_image_url", "text")
    .addColumn("source", "text")
    .addColumn("meta_data", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("poem_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("poets_sort_name_idx").on("poets").columns(["sort_name", "name"]).execute();
  await db.schema.createIndex("poets_poem_count_idx").on("poets").columns(["poem_count", "sort_name"]).execute();

  await db.schema
    .createTable("poems")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text")
    .addColumn("poet_id", "integer", (c) => c.notNull().references("poets.id"))
    .addColumn("year", "integer")
    .addColumn("year_note", "text")
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("front_matter", "jsonb")
    .addColumn("line_count", "integer", (c) => c.notNull())
    .addColumn("translator", "text")
    .addColumn("editor", "text")
    .addColumn("note", "text")
    .addColumn("editorial_note", "text")
    .addColumn("source", "text")
    .addColumn("source_repo", "text")
    .addColumn("source_path", "text")
    .addColumn("source_commit", "text")
    .addColumn("flags", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("rights", "text", (c) => c.notNull().defaultTo("pd").check(sql`rights in ('pd', 'pd_us_only')`))
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("favorite_count", "integer", (c) => c.notNull().defaultTo(0).check(sql`favorite_count >= 0`))
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0).check(sql`view_count >= 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("poems_poet_title_idx").on("poems").columns(["poet_id", "title"]).execute();
  await db.schema.createIndex("poems_title_idx").on("poems").columns(["title", "id"]).execute();
  await db.schema.createIndex("poems_year_idx").on("poems").columns(["year", "id"]).execute();
  await db.schema
    .createIndex("poems_popular_idx")
    .on("poems")
    .expression(sql`favorite_count desc, view_count desc, id`)
    .execute();

  await db.schema
    .createTable("collections")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("year", "integer")
    .addColumn("poet_id", "integer", (c) => c.references("poets.id"))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("editor", "text")
    .addColumn("description", "text")
    .addColumn("rights", "text", (c) => c.notNull().defaultTo("pd").check(sql`rights in ('pd', 'pd_us_only')`))
    .addColumn("anthology", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("gutenberg_id", "integer")
    .addColumn("source_repo", "text")
    .addColumn("source_path", "text")
    .addColumn("source_commit", "text")
    .addColumn("sections", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("poem_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("content_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("collection_poems")
    .addColumn("collection_id", "text", (c) => c.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("poem_id", "text", (c) => c.notNull().references("poems.id").onDelete("cascade"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("section", "text")
    .addColumn("number", "text")
    .addPrimaryKeyConstraint("collection_poems_pk", ["collection_id", "sequence"])
    .execute();
  await db.schema.createIndex("collection_poems_poem_idx").on("collection_poems").column("poem_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("collection_poems").execute();
  await db.schema.dropTable("collections").execute();
  await db.schema.dropTable("poems").execute();
  await db.schema.dropTable("poets").execute();
}
