/**
 * The licence texts and credits that travel with every copy of the corpus we publish: the /data and /about
 * pages show them, and each export (JSON Lines folder, PoetryDB file, EPUB) carries them. Client-safe.
 */

export const FACJURE_SOURCE = "facjure/public-domain-poetry";
export const FACJURE_URL = "https://github.com/facjure/public-domain-poetry";

/** The upstream README's statement, which asks for the Zenup licence to be retained. */
export const FACJURE_STATEMENT =
  "Copyright (c) Facjure LLC. All rights reserved. Poems are available for free for personal or commercial use, provided Zenup BSD-style license is retained.";

/** sources/facjure-public-domain-poetry/ZENUP-LICENSE.txt in the corpus, word for word. */
export const ZENUP_LICENCE = `Copyright (c) 2014, Priyatam Mudivarti.

All rights reserved.

Redistribution and use in source and binary forms, with or without modification,
are permitted provided that the following conditions are met:

* Redistributions of source code must retain the above copyright notice, this
  list of conditions and the following disclaimer.

* Redistributions in binary form must reproduce the above copyright notice, this
  list of conditions and the following disclaimer in the documentation and/or
  other materials provided with the distribution.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
(INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
(INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.`;

export const FACJURE_CREDIT =
  "Poems from facjure/public-domain-poetry (https://github.com/facjure/public-domain-poetry), collected by facjure / Priyatam Mudivarti, are redistributed under its Zenup BSD-style licence, which follows.";

export const CC_BY_SA_URL = "https://creativecommons.org/licenses/by-sa/4.0/";

export const WIKIPEDIA_ATTRIBUTION =
  "Poet descriptions come from Wikipedia's \"List of poets\" pages (https://en.wikipedia.org/wiki/List_of_poets), by way of the briggsreschke/poets lists, and are licensed under the Creative Commons Attribution-ShareAlike 4.0 licence (CC BY-SA 4.0, https://creativecommons.org/licenses/by-sa/4.0/); they stay under that licence.";

export const PUBLIC_DOMAIN_BASIS =
  "The poems are in the public domain in the United States: Project Gutenberg books first published before 1929 (via the GITenberg mirrors), and facjure/public-domain-poetry texts kept only for poets who died before 1929. Poems flagged pd_us_only (Robert Frost's and T. S. Eliot's early books) are public domain in the United States only: their authors died after 1954, so they are still protected where copyright lasts the author's life plus 70 years. Poet biographies are openings of texts published between 1890 and 1922.";

export const CORPUS_DOWNLOAD_PATH = "/data/poetry-commons-corpus.zip";

export function collectionEpubPath(collectionId: string): string {
  return `/data/epub/${collectionId}.epub`;
}

/** The notices file shipped inside a JSON Lines export; `facjure` says whether facjure poems are in it. */
export function licenceNotices(options: { facjure: boolean; descriptions: boolean; site: string }): string {
  const parts = [`# Sources and licences\n\nExported from ${options.site}.\n\n## Public domain\n\n${PUBLIC_DOMAIN_BASIS}`];
  if (options.descriptions) parts.push(`## Poet descriptions (CC BY-SA 4.0)\n\n${WIKIPEDIA_ATTRIBUTION}`);
  if (options.facjure) {
    parts.push(`## facjure/public-domain-poetry\n\n${FACJURE_CREDIT}\n\n${FACJURE_STATEMENT}\n\n\`\`\`\n${ZENUP_LICENCE}\n\`\`\``);
  }
  return `${parts.join("\n\n")}\n`;
}
