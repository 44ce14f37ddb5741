import { BIOGRAPHY_PREVIEW_LENGTH, truncateAtWord } from "~/lib/truncate";
import type { PoetApi } from "~/server/serialize.server";

const CC_BY_SA_4 = "https://creativecommons.org/licenses/by-sa/4.0/";

type BiographyPoet = Pick<
  PoetApi,
  "name" | "biography" | "biography_source" | "biography_license" | "description" | "meta_data"
>;

function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function WikipediaLink({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  return (
    <>
      {" "}
      <a href={url} className="poet-bio__wikipedia">
        (Wikipedia)
      </a>
    </>
  );
}

/**
 * Where the shown text comes from. A biography names its public-domain source and licence (and links the
 * exact source file when known); a description from Wikipedia carries the CC BY-SA 4.0 attribution with a
 * link to the licence and to the article.
 */
function Attribution({ poet, usesBiography }: { poet: BiographyPoet; usesBiography: boolean }) {
  const meta = poet.meta_data;
  if (usesBiography) {
    if (!poet.biography_source && !poet.biography_license) return null;
    const { biography_repository: repo, biography_path: file, biography_commit: commit } = meta;
    const sourceFile = repo && file ? `https://github.com/${repo}/blob/${commit ?? "HEAD"}/${file}` : null;
    return (
      <p className="poet-bio__attribution">
        {poet.biography_source && <>Biography source: {sentence(poet.biography_source)} </>}
        {poet.biography_license && <>Licence: {sentence(poet.biography_license)} </>}
        {sourceFile && (
          <a href={sourceFile} className="poet-bio__source-file">
            Source text
          </a>
        )}
      </p>
    );
  }
  const attribution = meta.description_attribution;
  if (!attribution) return null;
  // The corpus writes it as 'CC BY-SA 4.0 (from Wikipedia "List of poets", via …)': licence, then origin.
  const licenceFirst = /^(CC BY-SA 4\.0)\s*\((.+)\)\s*$/i.exec(attribution.trim());
  const licenceLink = (text: string) => (
    <a href={CC_BY_SA_4} rel="license">
      {text}
    </a>
  );
  return (
    <p className="poet-bio__attribution">
      {licenceFirst ? (
        <>
          Description {licenceFirst[2]}; licensed under {licenceLink(licenceFirst[1])}.
        </>
      ) : (
        <>
          Description: {sentence(attribution)}
          {/CC BY-SA/i.test(attribution) && <> Licence: {licenceLink("CC BY-SA 4.0")}.</>}
        </>
      )}
      {meta.wikipedia_url && (
        <>
          {" "}
          Wikipedia article: <a href={meta.wikipedia_url}>{poet.name}</a>.
        </>
      )}
    </p>
  );
}

/**
 * The poet's biography (else the short description), cut at 300 characters with Read more / Show less.
 * The toggle is a native <details>, so it works before (and without) JavaScript; the stylesheet hides the
 * preview while the full text is open and puts the toggle after the text.
 */
export function PoetBiography({ poet }: { poet: BiographyPoet }) {
  const usesBiography = Boolean(poet.biography?.trim());
  const text = (usesBiography ? poet.biography : poet.description)?.trim();
  if (!text) return null;
  const wikipedia = poet.meta_data.wikipedia_url;
  const flat = text.replace(/\s+/g, " ");
  const preview = truncateAtWord(flat, BIOGRAPHY_PREVIEW_LENGTH);
  const paragraphs = paragraphsOf(text);

  return (
    <section className="poet-bio" aria-label="Biography">
      {preview === flat ? (
        <div className="poet-bio__text">
          {paragraphs.map((p, i) => (
            <p key={i}>
              {p}
              {i === paragraphs.length - 1 && <WikipediaLink url={wikipedia} />}
            </p>
          ))}
        </div>
      ) : (
        <div className="poet-bio__text poet-bio__text--long">
          <p className="poet-bio__preview" data-testid="biography-preview">
            {preview}
            <WikipediaLink url={wikipedia} />
          </p>
          <details className="poet-bio__details">
            <summary className="poet-bio__toggle">
              <span className="poet-bio__more">Read more</span>
              <span className="poet-bio__less">Show less</span>
            </summary>
            <div className="poet-bio__full" data-testid="biography-full">
              {paragraphs.map((p, i) => (
                <p key={i}>
                  {p}
                  {i === paragraphs.length - 1 && <WikipediaLink url={wikipedia} />}
                </p>
              ))}
            </div>
          </details>
        </div>
      )}
      <Attribution poet={poet} usesBiography={usesBiography} />
    </section>
  );
}
