/** Build-time settings and the business constants of SPEC §9. */
export const env = {
  /** The API is served by the same gateway as the app. */
  apiBase: import.meta.env.VITE_API_BASE ?? '/api',
  /** Shown by the feedback buttons (SPEC §8: the feedback alert gives a contact). */
  feedbackContact: import.meta.env.VITE_FEEDBACK_CONTACT ?? '',
  /** Landing page links fixed at build time; otherwise the site settings' `demo_url` / `help_url`, hidden while empty. */
  demoHref: import.meta.env.VITE_DEMO_URL ?? '',
  helpHref: import.meta.env.VITE_HELP_URL ?? '',
} as const;

export const limits = {
  httpTimeoutMs: 20_000,
  loadingOverlayMaxMs: 20_000,
  mobileMaxWidth: 999,
  itemSearchAbove: 9,
  noticeToastMs: 10_000,
  menuDepth: 4,
  /** Typing pauses this long before the search asks (results as one types, not a request per key). */
  searchDebounceMs: 200,
  qrcodeSize: 3,
} as const;
