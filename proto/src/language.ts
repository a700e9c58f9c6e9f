export const Languages = ['en', 'zh-cn'] as const;
export type Language = (typeof Languages)[number];

/**
 * A language tag (`?l=`, a cookie, `Accept-Language`, navigator.language, a setting) as one of ours:
 * `zh`, `zh-CN`, `zh-Hans`… → `zh-cn`; `en`, `en-US`… → `en`; anything else is no choice.
 */
export function languageOfTag(tag: unknown): Language | undefined {
  if (typeof tag !== 'string') return undefined;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-cn';
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  return undefined;
}
