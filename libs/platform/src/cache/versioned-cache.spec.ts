import { VersionedCache } from './versioned-cache';

describe(VersionedCache.name, () => {
  afterEach(() => jest.useRealTimers());

  it('answers a value only under the version it was stored with', () => {
    const sut = new VersionedCache<number, string>({ maxEntries: 10, maxAgeMs: 60_000 });
    sut.set(1, 'v1', 'menu of item 1');

    expect(sut.get(1, 'v1')).toBe('menu of item 1');
    expect(sut.get(1, 'v2')).toBeUndefined();
    // A stale entry is dropped, not revived when the old version comes back.
    expect(sut.get(1, 'v1')).toBeUndefined();
    expect(sut.size).toBe(0);
  });

  it('treats a missing token (null) as a version of its own', () => {
    const sut = new VersionedCache<number, string>({ maxEntries: 10, maxAgeMs: 60_000 });
    sut.set(1, null, 'before any write');

    expect(sut.get(1, null)).toBe('before any write');
    expect(sut.get(1, 'first write')).toBeUndefined();
  });

  it('forgets entries older than maxAgeMs, whatever their version', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const sut = new VersionedCache<number, string>({ maxEntries: 10, maxAgeMs: 5_000 });
    sut.set(1, 'v', 'young');
    jest.setSystemTime(1_004_999);
    expect(sut.get(1, 'v')).toBe('young');
    jest.setSystemTime(1_005_000);
    expect(sut.get(1, 'v')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest stored first', () => {
    const sut = new VersionedCache<number, string>({ maxEntries: 3, maxAgeMs: 60_000 });
    for (let key = 1; key <= 5; key++) sut.set(key, 'v', `page ${key}`);

    expect(sut.size).toBe(3);
    expect([1, 2, 3, 4, 5].map((key) => sut.get(key, 'v'))).toEqual([undefined, undefined, 'page 3', 'page 4', 'page 5']);
  });

  it('keeps the total weight under maxWeight and never stores a value heavier than it', () => {
    const sut = new VersionedCache<number, string>({ maxEntries: 100, maxAgeMs: 60_000, weigh: (text) => text.length, maxWeight: 10 });
    sut.set(1, 'v', 'aaaa');
    sut.set(2, 'v', 'bbbb');
    sut.set(3, 'v', 'cccc');
    expect([1, 2, 3].map((key) => sut.get(key, 'v'))).toEqual([undefined, 'bbbb', 'cccc']);

    sut.set(4, 'v', 'x'.repeat(11));
    expect(sut.get(4, 'v')).toBeUndefined();
    expect(sut.get(2, 'v')).toBe('bbbb');

    // Replacing a value gives back its weight.
    sut.set(2, 'v', 'b');
    sut.set(5, 'v', 'eeeee');
    expect([2, 3, 5].map((key) => sut.get(key, 'v'))).toEqual(['b', 'cccc', 'eeeee']);
  });
});
