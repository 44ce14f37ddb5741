import { isRouteErrorResponse } from "react-router";

/** What an error boundary says went wrong: a thrown response's text, else the error's message, else `fallback`. */
export function routeErrorMessage(error: unknown, fallback: string): string {
  if (isRouteErrorResponse(error) && typeof error.data === "string" && error.data) return error.data;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
