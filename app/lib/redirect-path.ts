/**
 * A same-site path to send the reader back to after a form post, or null. Only "/..." paths are allowed:
 * "//host", "/\host" and absolute URLs would turn the settings form into an open redirect.
 */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return null;
  if (/[\u0000-\u001f]/.test(path)) return null;
  try {
    // Resolving against a dummy origin must not move us off it.
    const url = new URL(path, "http://site.invalid");
    if (url.origin !== "http://site.invalid") return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
