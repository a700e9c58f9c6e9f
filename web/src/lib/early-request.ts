/**
 * Reads a route starts as the router matches its address (app/route-data.ts), before its screen's
 * code has arrived; the screen's SWR fetcher takes the answer over instead of asking again. Early
 * reads are quiet (no alert, log or redirect): when one fails, the screen asks again itself and that
 * call reports as usual. An early read nobody takes within EARLY_LIFETIME_MS, or that fails before it
 * is taken, is dropped, so a later visit never gets an old answer or an old error (a private item's
 * "password needed" after the password was given).
 */
const EARLY_LIFETIME_MS = 5_000;
const early = new Map<string, Promise<unknown>>();

const keyOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Starts `load` for `key` now, unless an early read of it is already under way. */
export function startEarly(key: readonly unknown[], load: () => Promise<unknown>): void {
  const name = keyOf(key);
  if (early.has(name)) return;
  const request = load();
  const drop = () => {
    if (early.get(name) === request) early.delete(name);
  };
  request.catch(drop);
  setTimeout(drop, EARLY_LIFETIME_MS);
  early.set(name, request);
}

/** The early read of `key` when there is one (taken once), else `ask()`; a failed early read is asked again. */
export function earlyOr<T>(key: readonly unknown[], ask: () => Promise<T>): Promise<T> {
  const name = keyOf(key);
  const request = early.get(name) as Promise<T> | undefined;
  early.delete(name);
  return request ? request.catch(ask) : ask();
}

/** How long after the page started a read index.html began may still be taken: the first screen's loaders take it at once. */
const FIRST_READ_LIFETIME_MS = 20_000;

declare global {
  interface Window {
    /** The reads index.html started for the screen its address names, by URL (web/vite/first-load.ts). */
    quireFirstReads?: Record<string, Promise<Response>>;
  }
}

/**
 * The answer to `url` that index.html already asked for as the page loaded, taken once; undefined when it
 * asked for none (another screen, or the read was taken already or is too old).
 */
export function takeFirstRead(url: string): Promise<Response> | undefined {
  const reads = window.quireFirstReads;
  const read = reads?.[url];
  if (!reads || !read) return undefined;
  delete reads[url];
  return performance.now() < FIRST_READ_LIFETIME_MS ? read : undefined;
}
