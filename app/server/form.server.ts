const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const FORM_TYPE_MESSAGE =
  "This form must be sent as application/x-www-form-urlencoded or multipart/form-data.";
export const FORM_BODY_MESSAGE = "The form data could not be read: the body does not match its Content-Type.";

/**
 * The fields of a form post. request.formData() throws a TypeError on a body that is not a form (JSON, no
 * Content-Type, multipart without its boundary), which React Router would answer as a 500: here it is a 415
 * for the wrong type and a 400 for a malformed body, each with the reason.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) throw refusal(415, FORM_TYPE_MESSAGE);
  try {
    return await request.formData();
  } catch {
    throw refusal(400, FORM_BODY_MESSAGE);
  }
}

// Plain text, as the cross-site refusal (origin.server.ts): a page's error boundary shows it, a resource
// route (/logout) answers it as it is.
function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
