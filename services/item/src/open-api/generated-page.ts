/** A page an open-API call generates, before it is upserted by title. */
export interface GeneratedPage {
  page_title: string;
  page_content: string;
  /** Catalog path `a/b/c`; '' for the item root. */
  cat_name: string;
  /** 0 = not given (the default 99 applies). */
  s_number: number;
}

/** More pages than one open-API call may write (ShowDoc [HEAD] caps an item at 5000 via the API). */
export const MAX_GENERATED_PAGES = 1000;

/** PHP-ish `intval` of an optional sort number: blank, malformed or 0 means the default 99. */
export function sortNumber(value: string): number {
  const trimmed = value.trim();
  if (!/^-?\d{1,9}$/.test(trimmed)) return 99;
  return Number(trimmed) || 99;
}
