export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` every 50 ms until it returns something (not undefined), and resolves with that; fails naming
 * `what` did not happen after `timeoutMs`. The default is long (a loaded CI machine runs several times slower than a
 * quiet one): a probe that is met returns at once, so only a failure waits it out.
 */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(50)) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
  }
}
