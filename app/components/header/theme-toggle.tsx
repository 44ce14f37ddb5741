import { useLocation } from "react-router";
import { usePreferences } from "./preferences";

/**
 * The desktop light/dark switch. Without JavaScript it is a real POST to /settings, which sets the cookie
 * and redirects back here; with JavaScript the page flips at once and the cookie is written in place.
 */
export function ThemeToggle() {
  const { preferences, setPreferences } = usePreferences();
  const { pathname, search } = useLocation();
  const dark = preferences.isDark;
  return (
    <form
      method="post"
      action="/settings"
      className="theme-toggle"
      onSubmit={(event) => {
        event.preventDefault();
        setPreferences({ ...preferences, isDark: !dark });
      }}
    >
      <input type="hidden" name="intent" value="toggle-dark" />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <button
        type="submit"
        className="theme-toggle__button"
        aria-pressed={dark}
        title={dark ? "Switch to light mode" : "Switch to dark mode"}
      >
        {dark ? <SunIcon /> : <MoonIcon />}
        <span className="visually-hidden">Dark mode</span>
      </button>
    </form>
  );
}

function MoonIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M20 14.5A8.5 8.5 0 0 1 9.5 4a8.5 8.5 0 1 0 10.5 10.5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
