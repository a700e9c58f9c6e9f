/**
 * Whether a call settles without waiting on any I/O or timer: before the event loop turns once more
 * (its work is promise callbacks only). A load on the machine slows both sides alike, so unlike a bound
 * in milliseconds this cannot fail on a busy machine, and it fails whenever the call waits for a socket.
 */
export async function settlesAtOnce(call: Promise<unknown>): Promise<boolean> {
  const nextTurn = new Promise<'waited'>((resolve) => setImmediate(() => resolve('waited')));
  const settled = call.then(
    () => 'settled' as const,
    () => 'settled' as const,
  );
  return (await Promise.race([settled, nextTurn])) === 'settled';
}
