import { randomUUID } from 'node:crypto';
import type { KeyValueStore } from './key-value-store';
import { withLock } from './with-lock';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every KeyValueStore adapter must do; each adapter's spec runs this suite. */
export function describeKeyValueStoreContract(name: string, factory: () => Promise<{ store: KeyValueStore; dispose: () => Promise<void> }>): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    let sut: KeyValueStore;
    let dispose: () => Promise<void>;
    /** Keys of this test only, so adapters may share a server between tests. */
    let key: (name: string) => string;

    beforeEach(async () => {
      ({ store: sut, dispose } = await factory());
      const prefix = randomUUID();
      key = (name) => `${prefix}:${name}`;
    });

    afterEach(async () => {
      await dispose();
    });

    it('gets what was set, overwrites and deletes', async () => {
      expect(await sut.get(key('session'))).toBeNull();
      await sut.set(key('session'), '{"uid":1}');
      expect(await sut.get(key('session'))).toBe('{"uid":1}');
      await sut.set(key('session'), '{"uid":2}');
      expect(await sut.get(key('session'))).toBe('{"uid":2}');
      await sut.set(key('empty'), '');
      expect(await sut.get(key('empty'))).toBe('');
      await sut.delete(key('session'));
      expect(await sut.get(key('session'))).toBeNull();
      await expect(sut.delete(key('never-set'))).resolves.toBeUndefined();
    });

    it('getMany answers the values in the order asked, null for missing or expired keys', async () => {
      await sut.set(key('a'), 'first');
      await sut.set(key('c'), 'третий');
      await sut.set(key('gone'), 'soon', 1);
      expect(await sut.getMany([key('c'), key('b'), key('a')])).toEqual(['третий', null, 'first']);
      expect(await sut.getMany([])).toEqual([]);
      await sleep(1_100);
      expect(await sut.getMany([key('gone'), key('a')])).toEqual([null, 'first']);
    });

    it('keeps unicode values intact', async () => {
      await sut.set(key('zh'), '验证码 ✓ 🔑');
      expect(await sut.get(key('zh'))).toBe('验证码 ✓ 🔑');
    });

    it('reports ttl: -2 for a missing key, -1 without expiry, the seconds left otherwise', async () => {
      expect(await sut.ttl(key('missing'))).toBe(-2);
      await sut.set(key('forever'), 'x');
      expect(await sut.ttl(key('forever'))).toBe(-1);
      await sut.set(key('captcha'), '1234', 300);
      expect([299, 300]).toContain(await sut.ttl(key('captcha')));
    });

    it('a set without ttl makes the key permanent again', async () => {
      await sut.set(key('k'), 'a', 60);
      await sut.set(key('k'), 'b');
      expect(await sut.ttl(key('k'))).toBe(-1);
      expect(await sut.get(key('k'))).toBe('b');
    });

    it('expires keys after their ttl', async () => {
      await sut.set(key('short'), 'gone soon', 1);
      await sut.incr(key('counter'), 1);
      await sut.set(key('long'), 'stays', 60);
      expect(await sut.get(key('short'))).toBe('gone soon');

      await sleep(1_200);

      expect(await sut.get(key('short'))).toBeNull();
      expect(await sut.ttl(key('short'))).toBe(-2);
      expect(await sut.ttl(key('counter'))).toBe(-2);
      expect(await sut.incr(key('counter'), 1)).toBe(1);
      expect(await sut.get(key('long'))).toBe('stays');
    });

    it('incr counts from a missing key and returns the new value', async () => {
      expect(await sut.incr(key('hits'))).toBe(1);
      expect(await sut.incr(key('hits'))).toBe(2);
      expect(await sut.get(key('hits'))).toBe('2');
      await sut.set(key('preset'), '41');
      expect(await sut.incr(key('preset'))).toBe(42);
      expect(await sut.ttl(key('hits'))).toBe(-1);
    });

    it('incr is atomic under 100 concurrent calls', async () => {
      const results = await Promise.all(Array.from({ length: 100 }, () => sut.incr(key('race'), 60)));
      expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      expect(await sut.get(key('race'))).toBe('100');
    });

    it('incr with a ttl restarts the lifetime on every increment', async () => {
      expect(await sut.incr(key('attempts'), 1)).toBe(1);
      await sleep(700);
      expect(await sut.incr(key('attempts'), 1)).toBe(2);
      await sleep(700);
      // 1.4 s after the first increment, but only 0.7 s after the last one.
      expect(await sut.get(key('attempts'))).toBe('2');
      await sleep(600);
      expect(await sut.get(key('attempts'))).toBeNull();
    });

    it('incr without a ttl keeps the lifetime the key has', async () => {
      await sut.set(key('limited'), '5', 100);
      expect(await sut.incr(key('limited'))).toBe(6);
      expect([99, 100]).toContain(await sut.ttl(key('limited')));
      await sut.incr(key('limited'), 30);
      expect([29, 30]).toContain(await sut.ttl(key('limited')));
    });

    it('incr rejects a value that is not an integer and leaves it alone', async () => {
      await sut.set(key('word'), 'abc');
      await expect(sut.incr(key('word'))).rejects.toThrow();
      expect(await sut.get(key('word'))).toBe('abc');
    });

    it('keeps sets: adds without duplicates, removes, and an emptied set disappears', async () => {
      expect(await sut.setMembers(key('tokens'))).toEqual([]);
      await sut.addToSet(key('tokens'), ['a', 'b']);
      await sut.addToSet(key('tokens'), ['b', 'c']);
      expect((await sut.setMembers(key('tokens'))).sort()).toEqual(['a', 'b', 'c']);

      await sut.removeFromSet(key('tokens'), ['a', 'never-there']);
      expect((await sut.setMembers(key('tokens'))).sort()).toEqual(['b', 'c']);
      await sut.removeFromSet(key('tokens'), ['b', 'c']);
      expect(await sut.setMembers(key('tokens'))).toEqual([]);
      expect(await sut.ttl(key('tokens'))).toBe(-2);
      await expect(sut.removeFromSet(key('missing'), ['x'])).resolves.toBeUndefined();
    });

    it('loses no member when 50 adds to one set run at once', async () => {
      await Promise.all(Array.from({ length: 50 }, (_, i) => sut.addToSet(key('logins'), [`token-${i}`], 60)));

      expect((await sut.setMembers(key('logins'))).length).toBe(50);
      expect([59, 60]).toContain(await sut.ttl(key('logins')));
    });

    it('expires a set after its ttl, renewed by every add with one', async () => {
      await sut.addToSet(key('short'), ['a'], 1);
      await sleep(700);
      await sut.addToSet(key('short'), ['b'], 1);
      await sleep(700);
      expect((await sut.setMembers(key('short'))).sort()).toEqual(['a', 'b']);
      await sleep(600);
      expect(await sut.setMembers(key('short'))).toEqual([]);
    });

    it('gives a lock to one holder at a time; only its token frees it', async () => {
      const token = await sut.tryLock(key('lock'), 30);
      expect(token).toEqual(expect.any(String));
      expect(await sut.tryLock(key('lock'), 30)).toBeNull();
      await sut.unlock(key('lock'), 'not-the-token');
      expect(await sut.tryLock(key('lock'), 30)).toBeNull();
      await sut.unlock(key('lock'), token as string);
      expect(await sut.tryLock(key('lock'), 30)).toEqual(expect.any(String));
    });

    it('frees a lock whose holder never did once its ttl ran out, and the late holder cannot free the new one', async () => {
      const first = (await sut.tryLock(key('lock'), 1)) as string;
      await sleep(1_100);
      const second = await sut.tryLock(key('lock'), 30);
      expect(second).toEqual(expect.any(String));
      await sut.unlock(key('lock'), first);
      expect(await sut.tryLock(key('lock'), 30)).toBeNull();
    });

    it('renews a lock only for the token that holds it', async () => {
      const first = (await sut.tryLock(key('lock'), 1)) as string;
      expect(await sut.renewLock(key('lock'), 'not-the-token', 30)).toBe(false);
      expect(await sut.renewLock(key('lock'), first, 2)).toBe(true);
      await sleep(1_100);
      // Renewed for 2 s: still held 1.1 s after a 1 s ttl.
      expect(await sut.tryLock(key('lock'), 30)).toBeNull();
      await sleep(1_000);
      const second = (await sut.tryLock(key('lock'), 30)) as string;
      expect(second).toEqual(expect.any(String));
      expect(await sut.renewLock(key('lock'), first, 30)).toBe(false);
      expect(await sut.renewLock(key('lock'), second, 30)).toBe(true);
    });

    it('withLock keeps its lock past the ttl while the task runs, and frees it when the task ends', async () => {
      const seen: (string | null)[] = [];
      const task = async (held: AbortSignal) => {
        for (let i = 0; i < 5; i++) {
          await sleep(500);
          seen.push(await sut.tryLock(key('lock'), 30));
        }
        return held.aborted;
      };
      expect(await withLock(sut, key('lock'), task, { ttlSeconds: 1 })).toBe(false);
      expect(seen).toEqual([null, null, null, null, null]);
      expect(await sut.tryLock(key('lock'), 30)).toEqual(expect.any(String));
    });

    it('withLock runs tasks under one key one at a time, and frees the lock when a task fails', async () => {
      let running = 0;
      let overlapped = false;
      const task = async () => {
        running++;
        overlapped ||= running > 1;
        await sleep(5);
        running--;
      };
      await Promise.all(Array.from({ length: 10 }, () => withLock(sut, key('lock'), task)));
      await expect(withLock(sut, key('lock'), () => Promise.reject(new Error('failed inside')))).rejects.toThrow('failed inside');

      expect(overlapped).toBe(false);
      expect(await sut.tryLock(key('lock'), 30)).toEqual(expect.any(String));
    });

    it("withLock serves one process's waiters in the order they asked, and one whose wait runs out in the queue gives up", async () => {
      const order: number[] = [];
      const task = (n: number) => async () => {
        await sleep(2);
        order.push(n);
      };
      await Promise.all(Array.from({ length: 20 }, (_, n) => withLock(sut, key('queue'), task(n))));
      expect(order).toEqual(Array.from({ length: 20 }, (_, n) => n));

      const slow = withLock(sut, key('queue'), () => sleep(300));
      await expect(withLock(sut, key('queue'), async () => 'ran', { waitMs: 50 })).rejects.toThrow(/still held/);
      await slow;
    });

    it('withLock gives up on a lock held past its wait', async () => {
      await sut.tryLock(key('lock'), 30);

      await expect(withLock(sut, key('lock'), async () => 'ran', { waitMs: 100 })).rejects.toThrow(/still held/);
    });

    it('rejects ttls that are not whole seconds >= 1', async () => {
      await expect(sut.set(key('a'), 'x', 0)).rejects.toThrow(RangeError);
      await expect(sut.set(key('a'), 'x', 1.5)).rejects.toThrow(RangeError);
      await expect(sut.incr(key('a'), -1)).rejects.toThrow(RangeError);
      expect(await sut.get(key('a'))).toBeNull();
    });

    it('lists the live keys with a prefix: values and sets, not expired or deleted keys, nor other prefixes', async () => {
      await sut.set(key('old:a'), '1');
      await sut.set(key('old:b'), '2', 60);
      await sut.addToSet(key('old:set'), ['x']);
      await sut.set(key('old:gone'), '3', 1);
      await sut.set(key('old:deleted'), '4');
      await sut.delete(key('old:deleted'));
      await sut.set(key('older'), 'not under old:');
      await sut.set(key('old*[?]\\:glob'), 'glob characters are literal');
      await sleep(1_100);

      expect((await sut.keysWithPrefix(key('old:'))).sort()).toEqual([key('old:a'), key('old:b'), key('old:set')].sort());
      expect(await sut.keysWithPrefix(key('old*[?]\\:'))).toEqual([key('old*[?]\\:glob')]);
      expect(await sut.keysWithPrefix(key('nothing:'))).toEqual([]);
    });

    it('compacts without losing a key, a value or a lifetime', async () => {
      await sut.set(key('kept'), 'v1');
      await sut.set(key('kept'), 'v2');
      await sut.set(key('timed'), 't', 300);
      await sut.addToSet(key('set'), ['a', 'b']);
      await sut.set(key('dropped'), 'x');
      await sut.delete(key('dropped'));

      await sut.compact();

      expect(await sut.getMany([key('kept'), key('timed'), key('dropped')])).toEqual(['v2', 't', null]);
      expect([299, 300]).toContain(await sut.ttl(key('timed')));
      expect((await sut.setMembers(key('set'))).sort()).toEqual(['a', 'b']);
      await sut.set(key('after'), 'written after compacting');
      expect(await sut.get(key('after'))).toBe('written after compacting');
    });

    it('answers ping', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
    });
  });
}
