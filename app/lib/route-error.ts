import { isRouteErrorResponse } from "react-router";

/** What an error boundary says went wrong: a thrown response's text, else the error's message, else `fallback`. */
export function routeErrorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error) && typeof error.data === "string" && error.data) return error.data;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The spec's wording for a failed fetch of a screen's data: a thrown response's text or status line, else
 * 'HTTP error! status: {code}'; an error's message; else `fallback`.
 */
export function httpErrorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error)) {
    return (typeof error.data === "string" && error.data) || error.statusText || `HTTP error! status: ${error.status}`;
  }
  return routeErrorMessage(error, fallback);
}
