import { normalizeText } from "~/lib/poem-text";
import type { NewPoet, PoetMetaData } from "~/server/db/schema";
import { sortNameOf } from "./poet-name";
import { sha1 } from "./poem-row";
import type { CorpusBiography, CorpusPoet } from "./records";

/** A poet row without its directory, which is assigned once, when the poet is first stored. */
export type PoetDraft = Omit<NewPoet, "directory">;

export function buildPoetDraft(name: string, poet?: CorpusPoet, bio?: CorpusBiography): PoetDraft {
  const meta: PoetMetaData = {
    wikipedia_url: poet?.wikipedia_url ?? null,
    description_attribution: poet?.description ? (poet.description_license ?? null) : null,
    dates_as_printed: poet?.dates_as_printed ?? null,
    note: poet?.note ?? null,
    biography_repository: bio?.source_repo ?? null,
    biography_path: bio?.source_path ?? null,
    biography_commit: bio?.source_commit ?? null,
  };
  const fields = {
    name,
    sort_name: sortNameOf(name),
    birth_date: poet?.birth_date ?? null,
    death_date: poet?.death_date ?? null,
    dates_precision: poet?.dates_precision ?? null,
    description: poet?.description ?? null,
    biography: bio ? normalizeText(bio.biography) : null,
    biography_source: bio?.biography_source ?? null,
    biography_license: bio?.biography_license ?? null,
    primary_image_url: poet?.primary_image_url ?? null,
    source: poet?.source ?? null,
    meta_data: JSON.stringify(meta),
  };
  return { ...fields, content_hash: sha1(JSON.stringify(fields)) };
}
