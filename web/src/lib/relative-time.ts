const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** How long ago `seconds` was ("5 minutes ago" / "5分钟前"), "now" under a minute. */
export function formatRelativeTime(seconds: number, language: string, now: number = Date.now() / 1000): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  let value = Math.round(seconds - now);
  if (Math.abs(value) < 60) return format.format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, 'year');
}
