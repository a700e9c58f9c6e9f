/** More entries than anyone has items: a bigger map is not a sort order. */
export const SORT_DATA_MAX_ENTRIES = 10_000;

/**
 * `item/sort` data: a JSON object `{"<item_id>": <position>}` with whole-number positions.
 * Returns null for anything else (malformed JSON, an array, a non-numeric id, a fraction).
 */
export function parseSortData(data: string): Map<number, number> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length > SORT_DATA_MAX_ENTRIES) return null;
  const positions = new Map<number, number>();
  for (const [key, value] of entries) {
    if (!/^\d{1,15}$/.test(key) || Number(key) < 1) return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return null;
    positions.set(Number(key), value);
  }
  return positions;
}
