/**
 * Makes the `nth` call (1 = the next one) of an object's async method fail, as a store that breaks
 * in the middle of a request would; the other calls run as before. A test of an all-or-nothing
 * unit fails its second write this way and checks that the first is not kept. Returns the
 * function that puts the method back.
 */
export function failNthCall<T extends object>(target: T, method: keyof T & string, nth = 1): () => void {
  const own = Object.getOwnPropertyDescriptor(target, method);
  const original = target[method] as unknown as (...args: unknown[]) => Promise<unknown>;
  let calls = 0;
  const failing = (...args: unknown[]): Promise<unknown> => (++calls === nth ? Promise.reject(new Error(`store fault in ${method}`)) : original.apply(target, args));
  Object.defineProperty(target, method, { value: failing, configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(target, method, own);
    else delete (target as Record<string, unknown>)[method];
  };
}
