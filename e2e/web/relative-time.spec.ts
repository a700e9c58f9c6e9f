import { formatRelativeTime } from '../../web/src/lib/relative-time';

describe(formatRelativeTime.name, () => {
  const now = 1_800_000_000;

  it('says "now" under a minute, then the largest whole unit, in the language', () => {
    expect(formatRelativeTime(now - 20, 'en', now)).toBe('now');
    expect(formatRelativeTime(now - 5 * 60, 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 3 * 3600, 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 86_400, 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(now - 400 * 86_400, 'en', now)).toBe('last year');
    expect(formatRelativeTime(now - 5 * 60, 'zh-CN', now)).toBe('5分钟前');
    expect(formatRelativeTime(now - 10, 'zh-CN', now)).toBe('现在');
  });
});
