import type { ExportContentPiece } from '@quire/proto';

/** What one `page.export.content` reply may carry, in UTF-8 bytes of JSON text: well under NATS's 1 MB. */
export const EXPORT_REPLY_BUDGET_BYTES = 384 * 1024;

/** The most bytes one UTF-16 code unit can take as JSON text (`\u001f`). */
const MAX_JSON_BYTES_PER_UNIT = 6;

const jsonBytes = (text: string): number => Buffer.byteLength(JSON.stringify(text));

/**
 * The pieces of a reply: whole pages in the order asked while they fit the budget, the first one
 * from `start`. A page too long for the budget comes alone, cut (never inside a surrogate pair),
 * and the caller asks again from where the piece ended. Every reply moves forward by at least
 * one character or one missing page, so a caller's loop always ends.
 */
export function takePieces(contents: ReadonlyMap<number, string>, pageIds: readonly number[], start: number, budget = EXPORT_REPLY_BUDGET_BYTES): ExportContentPiece[] {
  const pieces: ExportContentPiece[] = [];
  let left = budget;
  for (const [index, pageId] of pageIds.entries()) {
    const content = contents.get(pageId);
    if (content === undefined) {
      pieces.push({ page_id: pageId, start: 0, total: 0, content: '' });
      continue;
    }
    const from = index === 0 ? Math.min(start, content.length) : 0;
    const rest = content.slice(from);
    const size = rest.length * MAX_JSON_BYTES_PER_UNIT <= left ? 0 : jsonBytes(rest);
    if (size <= left) {
      pieces.push({ page_id: pageId, start: from, total: content.length, content: rest });
      left -= size || jsonBytes(rest);
      continue;
    }
    if (pieces.length > 0) break;
    pieces.push({ page_id: pageId, start: from, total: content.length, content: rest.slice(0, fittingLength(rest, left)) });
    break;
  }
  return pieces;
}

/** How many leading code units of `text` fit in `budget` bytes of JSON (at least one). */
function fittingLength(text: string, budget: number): number {
  let length = Math.min(text.length, Math.max(1, Math.floor(budget / 3)));
  while (length > 1 && jsonBytes(text.slice(0, length)) > budget) length = Math.floor(length / 2);
  const last = text.charCodeAt(length - 1);
  if (length > 1 && last >= 0xd800 && last <= 0xdbff) length -= 1;
  return length;
}
