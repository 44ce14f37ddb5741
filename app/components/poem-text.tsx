import { PoemBody } from "./poem-body";

/**
 * Kept for screens written before `PoemBody` existed: the same renderer under its old name. New code
 * imports `PoemBody` from ./poem-body.
 */
export function PoemText({ content }: { content: string }) {
  return <PoemBody content={content} />;
}
