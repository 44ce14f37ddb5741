import { useEffect, useState } from "react";
import { useHydrated } from "~/components/header/use-hydrated";
import { hhMmToMinutes, minutesToHhMm } from "~/lib/zoned-time";
import {
  browserTimeZone,
  loadPreferences,
  type NotificationPreferences,
  PermissionDenied,
  PREFERENCE_KEYS,
  type PreferenceKey,
  savePreferences,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from "./push-client";

const LABELS: Record<PreferenceKey, { label: string; hint: string }> = {
  daily_poem: { label: "Daily poem", hint: "The poem of the day, at the time you choose" },
  weekly_digest: { label: "Weekly digest", hint: "A short round-up once a week" },
  author_updates: { label: "Author updates", hint: "New poems by poets you read" },
  product_updates: { label: "Product updates", hint: "New features of the site" },
};

const DEFAULT_TIME = "08:00";

const NEXT_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * The Notifications section of /settings (spec sections 2, 4, 5 and 8): an enable switch (permission, then
 * subscribe; off unsubscribes and turns all four off), the four toggles (turning one on while disabled runs
 * the enable steps first), and the daily time, shown only with the daily poem.
 */
export function NotificationSettings({ signedIn }: { signedIn: boolean }) {
  const hydrated = useHydrated();
  const [preferences, setPreferences] = useState<NotificationPreferences | null>(null);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [time, setTime] = useState(DEFAULT_TIME);

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    loadPreferences()
      .then((loaded) => {
        if (cancelled) return;
        setPreferences(loaded);
        setTime(minutesToHhMm(loaded.daily_poem_time_minutes));
      })
      .catch(() => !cancelled && setError("Unable to load preferences"));
    return () => {
      cancelled = true;
    };
  }, [signedIn]);

  const enabled = preferences !== null && PREFERENCE_KEYS.some((key) => preferences[key]);

  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    setError("");
    try {
      await work();
    } catch (caught) {
      setError(caught instanceof PermissionDenied ? caught.message : failure);
    } finally {
      setBusy(false);
    }
  };

  const enableWith = (change: Partial<Record<PreferenceKey, boolean>>) =>
    run(async () => {
      await subscribeThisBrowser();
      setPreferences(
        await savePreferences({ ...change, daily_poem_time_minutes: hhMmToMinutes(time) ?? 480, timezone: browserTimeZone() }),
      );
    }, "Failed to save preference");

  const onSwitch = (on: boolean) => {
    if (!signedIn) {
      setError(on ? "Please sign in to enable notifications." : "Please sign in to disable notifications.");
      return;
    }
    if (on) return enableWith({ daily_poem: true });
    return run(async () => {
      await unsubscribeThisBrowser();
      setPreferences(await savePreferences({ daily_poem: false, weekly_digest: false, author_updates: false, product_updates: false }));
    }, "Failed to save preference");
  };

  const onToggle = (key: PreferenceKey, on: boolean) => {
    if (!signedIn) {
      setError(on ? "Please sign in to enable notifications." : "Please sign in to disable notifications.");
      return;
    }
    if (on && !enabled) return enableWith({ [key]: true });
    return run(async () => {
      const change = key === "daily_poem" && on ? { daily_poem: true, timezone: browserTimeZone() } : { [key]: on };
      setPreferences(await savePreferences(change));
    }, "Failed to save preference");
  };

  const onTime = (value: string) => {
    setTime(value);
    const minutes = hhMmToMinutes(value);
    if (minutes === null) return;
    void run(async () => {
      setPreferences(await savePreferences({ daily_poem_time_minutes: minutes, timezone: browserTimeZone() }));
    }, "Failed to save schedule");
  };

  const disabled = !hydrated || busy || (signedIn && preferences === null && !error);

  return (
    <section className="settings__section notifications" aria-labelledby="notifications-title" aria-busy={busy}>
      <h2 id="notifications-title">Notifications</h2>
      {!hydrated && <p className="settings__note">Notifications need JavaScript: your browser receives them through a script.</p>}
      {hydrated && !signedIn && <p className="settings__note">Sign in to have a poem delivered every day at a time you choose.</p>}
      <label className="settings__switch">
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={disabled}
          onChange={(event) => void onSwitch(event.target.checked)}
        />
        <span>Enable notifications</span>
      </label>
      <fieldset className="notifications__toggles" disabled={disabled}>
        <legend className="visually-hidden">Notify me about</legend>
        {PREFERENCE_KEYS.map((key) => (
          <label key={key} className="settings__switch notifications__toggle">
            <input
              type="checkbox"
              name={key}
              checked={preferences?.[key] ?? false}
              onChange={(event) => void onToggle(key, event.target.checked)}
            />
            <span>
              {LABELS[key].label}
              <span className="settings__choice-hint">{LABELS[key].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {preferences?.daily_poem && (
        <div className="notifications__time">
          <label htmlFor="daily-poem-time">Daily poem time</label>
          <input
            id="daily-poem-time"
            type="time"
            step={60}
            value={time}
            disabled={busy}
            onChange={(event) => onTime(event.target.value)}
          />
          {preferences.next_daily_poem_at_utc && (
            <p className="settings__choice-hint" data-testid="next-daily-poem">
              Next: {new Date(preferences.next_daily_poem_at_utc).toLocaleString(undefined, NEXT_FORMAT)} ({preferences.timezone})
            </p>
          )}
        </div>
      )}
      <p className="settings__error notifications__error" role="alert">
        {error}
      </p>
    </section>
  );
}
