import { data } from "react-router";

// Thrown from the loader (not rendered) so the document gets a real 404 status and the root error view.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
