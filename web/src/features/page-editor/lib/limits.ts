/** SPEC §9 limits of the editor (proto's runtime is not bundled into the web app). */

/** Attachments and pasted images are under 4 MB (proto `MAX_UPLOAD_BYTES`). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** The live preview is switched off above this many characters. */
export const LIVE_PREVIEW_MAX_CHARS = 3000;

/** A new page's sort number. */
export const DEFAULT_SORT_NUMBER = 99;
