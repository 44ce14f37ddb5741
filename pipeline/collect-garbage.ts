import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * A full garbage collection, for batch work between phases. Parsing and tokenizing the corpus makes a lot of
 * short-lived objects, and V8, left alone, lets the heap grow far past the live data before collecting: a full
 * import peaked at ~420 MB of RSS while its live heap stayed under ~100 MB. `gc` is exposed at run time, so
 * no node flag is needed.
 */
export const collectGarbage: () => void = (() => {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
})();

/**
 * A full collection each time `limit` units of work (characters parsed, poems rewritten) have been spent since
 * the last one: batch work promotes each batch to the old generation, where V8 would otherwise let ~100 MB of
 * dead batches pile up before its first full collection.
 */
export function garbageBudget(limit: number): (spent: number) => void {
  let since = 0;
  return (spent) => {
    since += spent;
    if (since >= limit) {
      collectGarbage();
      since = 0;
    }
  };
}
