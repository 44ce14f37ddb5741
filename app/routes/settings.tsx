import { type ChangeEvent, useEffect, useRef } from "react";
import { data, redirect, useFetcher, useNavigation } from "react-router";
import { usePreferences } from "~/components/header/preferences";
import { useHydrated } from "~/components/header/use-hydrated";
import { NotificationSettings } from "~/components/notifications/notification-settings";
import { siteNameFromMatches } from "~/components/use-site-name";
import { FONT_FAMILIES, FONT_LABELS, FONT_SIZE, preferencesCookie, preferencesFormData, type ReadingPreferences } from "~/lib/reading-preferences";
import { applySettingsForm, preferencesFromCookieHeader, type SettingsField } from "~/server/preferences-form.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { getUser, getUserRecord } from "~/server/auth/auth.server";
import { getDb } from "~/server/db.server";
import { readForm } from "~/server/form.server";
import { saveUserPreferences } from "~/server/models/user-settings.server";
import { isSecureRequest } from "~/server/reading-preferences.server";
import "~/styles/settings.css";
import type { Route } from "./+types/settings";
import { requireSameOrigin } from "~/server/auth/origin.server";

export async function loader({ request }: Route.LoaderArgs) {
  return { saved: new URL(request.url).searchParams.has("saved"), signedIn: (await getUser(request)) !== null };
}

/**
 * Saves reading settings into the reading_prefs cookie (and, signed in, into the account). Two callers: the settings form (all fields) and
 * the header's dark-mode toggle (intent=toggle-dark). A plain form post names `redirectTo` and gets a 303
 * back there, so both work without JavaScript; the script path omits it and gets JSON.
 */
type ActionErrors = Partial<Record<SettingsField | "intent", string>>;

export async function action({ request }: Route.ActionArgs) {
  // A signed-in reader's settings are kept with the account: a post from another site must not change them.
  requireSameOrigin(request);
  const form = await readForm(request);
  const current = preferencesFromCookieHeader(request.headers.get("Cookie"));
  const intent = form.get("intent") ?? "save";

  let next: ReadingPreferences;
  if (intent === "toggle-dark") {
    next = { ...current, isDark: !current.isDark };
  } else if (intent === "save") {
    const result = applySettingsForm(form, current);
    if (!result.success) return data({ ok: false as const, errors: result.errors as ActionErrors }, { status: 400 });
    next = result.preferences;
  } else {
    const errors: ActionErrors = { intent: "intent must be save or toggle-dark" };
    return data({ ok: false as const, errors }, { status: 400 });
  }

  // A signed-in reader's settings also go to their account, so signing in elsewhere brings them along.
  const user = await getUserRecord(request);
  if (user) await saveUserPreferences(getDb(), user.id, next);

  const headers = { "Set-Cookie": preferencesCookie(next, isSecureRequest(request)) };
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  if (redirectTo) throw redirect(redirectTo, { status: 303, headers });
  return data({ ok: true as const, preferences: next }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Settings | ${siteNameFromMatches(matches)}` },
  { name: "description", content: "Choose your reading theme, poetry font, text size and how long lines behave." },
];

const THEME_CHOICES = [
  { value: "parchment", label: "Parchment", hint: "Classic light and dark" },
  { value: "woodland", label: "Woodland", hint: "Glen and midnight" },
] as const;

const OVERFLOW_CHOICES = [
  { value: "wrap", label: "Wrap", hint: "Long lines wrap with a hanging indent" },
  { value: "scroll", label: "Scroll", hint: "Long lines stay whole; scroll sideways" },
] as const;

const SAMPLE = [
  ["Shall I compare thee to a summer\u2019s day?", "Thou art more lovely and more temperate:"],
  ["Rough winds do shake the darling buds of May,", "And summer\u2019s lease hath all too short a date;"],
];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { preferences, setPreferences } = usePreferences();
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const latest = useRef(preferences);
  latest.current = preferences;
  const sizeRef = useRef<HTMLInputElement>(null);

  const errors: ActionErrors =
    (fetcher.data && !fetcher.data.ok ? fetcher.data.errors : undefined) ??
    (actionData && !actionData.ok ? actionData.errors : undefined) ??
    {};

  /** Applies at once, writes the cookie, and lets the server validate and store the same values. */
  const save = (next: ReadingPreferences) => {
    setPreferences(next);
    fetcher.submit(preferencesFormData(next), { method: "post", action: "/settings" });
  };

  const saveRef = useRef(save);
  saveRef.current = save;

  // The size is previewed while the slider moves and saved once it is released: React's onChange fires on
  // every step, the native change event only on release.
  useEffect(() => {
    const input = sizeRef.current;
    if (!input) return;
    const commit = () => saveRef.current({ ...latest.current, fontSize: Number(input.value) });
    input.addEventListener("change", commit);
    return () => input.removeEventListener("change", commit);
  }, []);

  const choose = (field: "themeStyle" | "fontFamily" | "overflowMode") => (event: ChangeEvent<HTMLInputElement>) =>
    save({ ...preferences, [field]: event.target.value } as ReadingPreferences);

  const errorList = Object.values(errors);
  const status = fetcher.state !== "idle" ? "Saving\u2026" : fetcher.data?.ok || (loaderData.saved && errorList.length === 0) ? "Settings saved." : "";

  return (
    <article className="settings" aria-labelledby="settings-title">
      <header className="settings__header">
        <h1 id="settings-title">Settings</h1>
        <p className="settings__autosave">Your settings are automatically saved</p>
        <p className="settings__status" role="status">
          {status}
        </p>
        {errorList.length > 0 && (
          <div className="settings__errors" role="alert">
            <p>These settings could not be saved:</p>
            <ul>
              {errorList.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </header>

      <NotificationSettings signedIn={loaderData.signedIn} />

      <form
        method="post"
        action="/settings"
        className="settings__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save(preferences);
        }}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="redirectTo" value="/settings?saved=1" />

        <section className="settings__section" aria-labelledby="theme-title">
          <h2 id="theme-title">Theme Style</h2>
          <fieldset className="settings__choices" aria-describedby={errors.themeStyle ? "themeStyle-error" : undefined}>
            <legend className="visually-hidden">Theme Style</legend>
            {THEME_CHOICES.map((choice) => (
              <label key={choice.value} className={`settings__choice settings__choice--${choice.value}`}>
                <input
                  type="radio"
                  name="themeStyle"
                  value={choice.value}
                  checked={preferences.themeStyle === choice.value}
                  onChange={choose("themeStyle")}
                />
                <span className="settings__choice-label">{choice.label}</span>
                <span className="settings__choice-hint">{choice.hint}</span>
              </label>
            ))}
          </fieldset>
          <FieldError field="themeStyle" errors={errors} />
          <label className="settings__switch">
            <input type="hidden" name="isDark" value="false" />
            <input
              type="checkbox"
              name="isDark"
              value="true"
              checked={preferences.isDark}
              onChange={(event) => save({ ...preferences, isDark: event.target.checked })}
            />
            <span>Dark mode</span>
          </label>
          <FieldError field="isDark" errors={errors} />
        </section>

        <section className="settings__section" aria-labelledby="font-title">
          <h2 id="font-title">Poetry Font</h2>
          <fieldset className="settings__choices">
            <legend className="visually-hidden">Poetry Font</legend>
            {FONT_FAMILIES.map((font) => (
              <label key={font} className="settings__choice" data-font-sample={font}>
                <input
                  type="radio"
                  name="fontFamily"
                  value={font}
                  checked={preferences.fontFamily === font}
                  onChange={choose("fontFamily")}
                />
                <span className="settings__choice-label">{FONT_LABELS[font]}</span>
              </label>
            ))}
          </fieldset>
          <FieldError field="fontFamily" errors={errors} />
        </section>

        <section className="settings__section" aria-labelledby="size-title">
          <h2 id="size-title">Font Size</h2>
          <div className="settings__size">
            <label htmlFor="font-size" className="visually-hidden">
              Poem font size in rem
            </label>
            <span aria-hidden="true" className="settings__size-end settings__size-end--small">
              A
            </span>
            <input
              ref={sizeRef}
              id="font-size"
              type="range"
              name="fontSize"
              min={FONT_SIZE.min}
              max={FONT_SIZE.max}
              step={FONT_SIZE.step}
              value={preferences.fontSize}
              aria-valuetext={`${preferences.fontSize.toFixed(2)} rem`}
              onChange={(event) => setPreferences({ ...preferences, fontSize: Number(event.target.value) }, { persist: false })}
            />
            <span aria-hidden="true" className="settings__size-end settings__size-end--large">
              A
            </span>
            <output htmlFor="font-size" className="settings__size-value">
              {preferences.fontSize.toFixed(2)} rem
            </output>
          </div>
          <FieldError field="fontSize" errors={errors} />
        </section>

        <section className="settings__section" aria-labelledby="overflow-title">
          <h2 id="overflow-title">Overflow</h2>
          <fieldset className="settings__choices">
            <legend className="visually-hidden">Overflow</legend>
            {OVERFLOW_CHOICES.map((choice) => (
              <label key={choice.value} className="settings__choice">
                <input
                  type="radio"
                  name="overflowMode"
                  value={choice.value}
                  checked={preferences.overflowMode === choice.value}
                  onChange={choose("overflowMode")}
                />
                <span className="settings__choice-label">{choice.label}</span>
                <span className="settings__choice-hint">{choice.hint}</span>
              </label>
            ))}
          </fieldset>
          <FieldError field="overflowMode" errors={errors} />
        </section>

        <section className="settings__section settings__preview" aria-labelledby="preview-title">
          <h2 id="preview-title">Preview</h2>
          <div className="settings__sample" data-testid="settings-sample">
            {SAMPLE.map((stanza, s) => (
              <p key={s} className="settings__sample-stanza">
                {stanza.map((line) => (
                  <span key={line} className="settings__sample-line">
                    {line}
                  </span>
                ))}
              </p>
            ))}
            <p className="settings__sample-credit">William Shakespeare, Sonnet 18</p>
          </div>
        </section>

        {/* With JavaScript every change saves itself; the button is for the plain form. */}
        {!hydrated && (
          <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
            Save settings
          </button>
        )}
      </form>
    </article>
  );
}

function FieldError({ field, errors }: { field: SettingsField; errors: Partial<Record<string, string>> }) {
  const message = errors[field];
  if (!message) return null;
  return (
    <p id={`${field}-error`} className="settings__error">
      {message}
    </p>
  );
}
