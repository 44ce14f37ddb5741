import type { z } from "zod";
import type {
  CollectionDetailSchema,
  CollectionSchema,
  PoemDetailSchema,
  PoemListItemSchema,
  PoetSchema,
} from "../api-shapes.server";

/** Example values for /api/docs, shared by the routes that answer the same shapes (checked by the tests). */

export const POEM_LIST_ITEM_EXAMPLE: z.infer<typeof PoemListItemSchema> = {
  id: "5dddd3d63842",
  slug: "ozymandias-of-egypt",
  title: "Ozymandias of Egypt",
  author: "Percy Bysshe Shelley",
  author_directory: "percy-bysshe-shelley",
  year: null,
  favorite_count: 3,
  view_count: 41,
  line_count: 14,
  excerpt: "I met a traveller from an antique land Who said: \"Two vast and trunkless legs of stone Stand in the desert…",
};

export const POEM_EXAMPLE: z.infer<typeof PoemDetailSchema> = {
  id: "45639490a62f",
  slug: "ones-self-i-sing",
  title: "One's-Self I Sing",
  subtitle: null,
  author: "Walt Whitman",
  author_directory: "walt-whitman",
  year: 1892,
  content: "One's-self I sing, a simple separate person,\nYet utter the word Democratic, the word En-Masse.",
  front_matter: null,
  line_count: 9,
  favorite_count: 0,
  view_count: 12,
  translator: null,
  editor: null,
  note: null,
  editorial_note: null,
  rights: "pd",
  flags: [],
  source: {
    edition: "gutenberg:1322",
    repository: "GITenberg/Leaves-of-Grass_1322",
    path: "1322.txt",
    commit: "4965dbd935f2f05f3ccf0fb274a432cfd77f053f",
  },
  collections: [
    { id: "leaves-of-grass", title: "Leaves of Grass", year: 1892, sequence_number: 1, section: "Book I: Inscriptions" },
  ],
};

export const POET_EXAMPLE: z.infer<typeof PoetSchema> = {
  id: 7,
  name: "Percy Bysshe Shelley",
  directory: "percy-bysshe-shelley",
  directory_name: "percy-bysshe-shelley",
  poem_count: 339,
  birth_date: "1792",
  death_date: "1822",
  description: "English Romantic poet",
  biography: "Shelley, Percy Bysshe (1792-1822), poet, was born at Field Place, Sussex…",
  biography_source: "J. W. Cousin, A Short Biographical Dictionary of English Literature (1910)",
  biography_license: "public domain",
  primary_image_url: null,
  meta_data: { wikipedia_url: "https://en.wikipedia.org/wiki/Percy_Bysshe_Shelley" },
};

export const COLLECTION_EXAMPLE: z.infer<typeof CollectionSchema> = {
  id: "a-shropshire-lad",
  title: "A Shropshire Lad",
  year: 1896,
  poet: "A. E. Housman",
  poet_directory: "a-e-housman",
  editor: null,
  description: null,
  rights: "pd",
  anthology: false,
  poem_count: 63,
};

export const COLLECTION_DETAIL_EXAMPLE: z.infer<typeof CollectionDetailSchema> = {
  ...COLLECTION_EXAMPLE,
  sections: [],
  source: { repository: "GITenberg/A-Shropshire-Lad_5720", path: "5720.txt", commit: null, gutenberg_id: 5720 },
};
