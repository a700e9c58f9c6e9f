import { unavailableError } from '../rpc/rpc-error';
import type { KeyValueStore } from './key-value-store';

export interface LockOptions {
  /**
   * How long the lock outlives a holder that died (a killed replica, a lost pod) before it frees
   * itself. While the task runs it is renewed every third of this, so a long task keeps it.
   */
  ttlSeconds?: number;
  /** How long to wait for a lock someone else holds before failing. */
  waitMs?: number;
}

/** Short, so a dead holder's lock frees itself quickly; renewal lets a live holder keep it as long as it needs. */
export const LOCK_TTL_SECONDS = 5;
const FIRST_RETRY_MS = 2;
const LONGEST_RETRY_MS = 50;
/** Between two attempts at freeing a lock while the store does not answer. */
const UNLOCK_RETRY_MS = 500;

/**
 * Runs `task` while holding the lock `key` in the KeyValueStore, so it never overlaps a task under
 * the same key in any replica; waits for the lock (retrying every few milliseconds), renews it while
 * the task runs, and always frees it (trying again, while the lock lasts, if the store does not
 * answer at that moment, so a short outage leaves no lock behind).
 *
 * The task gets a signal that aborts when the lock is no longer surely its own: the store refused
 * a renewal (the lock expired and may be another's), or no renewal succeeded within the ttl (the
 * store is away, and the lock has expired there). A task checks it (`held.throwIfAborted()`, which
 * throws the app's unavailable error, see PlatformErrors) before a write that must not overlap
 * another holder's.
 * Rejects when the lock is still held after `waitMs`.
 */
export async function withLock<T>(kv: KeyValueStore, key: string, task: (held: AbortSignal) => Promise<T>, options: LockOptions = {}): Promise<T> {
  const deadline = Date.now() + (options.waitMs ?? 10_000);
  return inTurn(kv, key, deadline, () => holding(kv, key, task, options.ttlSeconds ?? LOCK_TTL_SECONDS, deadline));
}

/** This process's waiters per store and key: the last one's turn, which the next awaits. */
const turns = new WeakMap<KeyValueStore, Map<string, Promise<void>>>();

/**
 * Runs `work` after every earlier call of this process for the same store and key has finished: the
 * waiters of one process queue here, in order, and only the one at the head asks the store, so a
 * burst on one key costs one lock round trip per task instead of a retry loop each. A waiter whose
 * deadline passes in the queue gives up as it would on the store's lock.
 */
async function inTurn<T>(kv: KeyValueStore, key: string, deadline: number, work: () => Promise<T>): Promise<T> {
  let byKey = turns.get(kv);
  if (!byKey) turns.set(kv, (byKey = new Map<string, Promise<void>>()));
  const previous = byKey.get(key);
  let finish!: () => void;
  const mine = new Promise<void>((resolve) => (finish = resolve));
  byKey.set(key, mine);
  try {
    if (previous) await untilDeadline(previous, deadline, key);
    return await work();
  } finally {
    finish();
    if (byKey.get(key) === mine) byKey.delete(key);
  }
}

async function untilDeadline(turn: Promise<void>, deadline: number, key: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the lock ${key} is still held at the deadline`)), Math.max(0, deadline - Date.now()));
  });
  try {
    await Promise.race([turn, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function holding<T>(kv: KeyValueStore, key: string, task: (held: AbortSignal) => Promise<T>, ttlSeconds: number, deadline: number): Promise<T> {
  let retryMs = FIRST_RETRY_MS;
  let askedAt = Date.now();
  let token = await kv.tryLock(key, ttlSeconds);
  while (token === null) {
    if (Date.now() >= deadline) throw new Error(`the lock ${key} is still held at the deadline`);
    await new Promise((resolve) => setTimeout(resolve, retryMs));
    retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    askedAt = Date.now();
    token = await kv.tryLock(key, ttlSeconds);
  }
  const lease = new LockLease(kv, key, token, ttlSeconds, askedAt);
  try {
    return await task(lease.signal);
  } finally {
    await lease.release();
  }
}

/** One holding of a lock: renewed every third of its ttl, lost when that fails, freed once. */
class LockLease {
  private readonly controller = new AbortController();
  private renewal: NodeJS.Timeout | undefined;
  private expiry: NodeJS.Timeout | undefined;
  /** Until when the lock is surely ours: the ttl counted from when the last successful call was sent. */
  private heldUntil: number;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly key: string,
    private readonly token: string,
    private readonly ttlSeconds: number,
    since: number,
  ) {
    this.heldUntil = since + ttlSeconds * 1000;
    this.armExpiry();
    this.scheduleRenewal();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  async release(): Promise<void> {
    clearTimeout(this.renewal);
    clearTimeout(this.expiry);
    if (!this.controller.signal.aborted) this.controller.abort(lockLost());
    // Also after a loss: the compare-and-delete frees nothing that is another's.
    if (!(await this.tryUnlock())) this.retryUnlock();
  }

  private scheduleRenewal(): void {
    this.renewal = setTimeout(() => void this.renew(), (this.ttlSeconds * 1000) / 3);
    this.renewal.unref();
  }

  private async renew(): Promise<void> {
    const sentAt = Date.now();
    let held: boolean;
    try {
      held = await this.kv.renewLock(this.key, this.token, this.ttlSeconds);
    } catch {
      // The store does not answer: try again next time; the expiry timer says when it is too late.
      if (!this.controller.signal.aborted) this.scheduleRenewal();
      return;
    }
    if (this.controller.signal.aborted) return;
    if (!held) return this.lose();
    this.heldUntil = sentAt + this.ttlSeconds * 1000;
    this.armExpiry();
    this.scheduleRenewal();
  }

  private armExpiry(): void {
    clearTimeout(this.expiry);
    this.expiry = setTimeout(() => this.lose(), Math.max(0, this.heldUntil - Date.now()));
    this.expiry.unref();
  }

  private lose(): void {
    clearTimeout(this.renewal);
    clearTimeout(this.expiry);
    this.controller.abort(lockLost());
  }

  private tryUnlock(): Promise<boolean> {
    return this.kv.unlock(this.key, this.token).then(
      () => true,
      () => false,
    );
  }

  /** While the lock may still be there (its ttl, plus a second for the store's clock), frees it as soon as the store answers again. */
  private retryUnlock(): void {
    if (Date.now() >= this.heldUntil + 1_000) return;
    setTimeout(() => void this.tryUnlock().then((freed) => freed || this.retryUnlock()), UNLOCK_RETRY_MS).unref();
  }
}

const lockLost = (): Error => unavailableError();
