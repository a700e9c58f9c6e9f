import { createHash } from 'node:crypto';
import { diffChars } from 'diff';
import * as Y from 'yjs';
import { CollabField, type LivePage } from '@quire/proto';

/** The page fields a co-editing document holds besides its text (the Y.Map `meta`). */
export interface PageMeta {
  page_title: string;
  cat_id: number;
  s_number: number;
}

/** The page as a document holds it now. */
export interface PageFields extends PageMeta {
  page_content: string;
}

/** Past this many changed characters the character diff gives up and the text is replaced between its common ends. */
const MAX_EDIT_LENGTH = 20_000;

/** Hex SHA-256 of a page's text (what `page.page.live` and `saved` notices call `content_hash`). */
export function contentHash(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

export function metaOf(page: Pick<LivePage, 'page_title' | 'cat_id' | 's_number'>): PageMeta {
  return { page_title: page.page_title, cat_id: page.cat_id, s_number: page.s_number };
}

/** Fills an empty document from the page: its Markdown in the Y.Text `content`, title, catalog and sort number in the Y.Map `meta`. */
export function fillFromPage(document: Y.Doc, page: LivePage): void {
  document.transact(() => {
    const text = document.getText(CollabField.Content);
    if (text.length > 0) text.delete(0, text.length);
    text.insert(0, page.page_content);
    setMeta(document, metaOf(page));
  });
}

/** The page as the document holds it; a field a client left out or broke falls back on `fallback`. */
export function fieldsOf(document: Y.Doc, fallback: PageMeta): PageFields {
  const meta = document.getMap<unknown>(CollabField.Meta);
  const title = meta.get('page_title');
  const catId = meta.get('cat_id');
  const sNumber = meta.get('s_number');
  return {
    page_content: document.getText(CollabField.Content).toJSON(),
    page_title: typeof title === 'string' ? title : fallback.page_title,
    cat_id: Number.isSafeInteger(catId) && (catId as number) >= 0 ? (catId as number) : fallback.cat_id,
    s_number: Number.isSafeInteger(sNumber) ? (sNumber as number) : fallback.s_number,
  };
}

/** Sets the fields of `meta` that differ (so an unchanged field makes no update). */
export function setMeta(document: Y.Doc, meta: PageMeta): void {
  const map = document.getMap<unknown>(CollabField.Meta);
  for (const [key, value] of Object.entries(meta)) if (map.get(key) !== value) map.set(key, value);
}

/**
 * Turns the Y.Text into `target` with the smallest edit a character diff finds: what the diff keeps
 * stays the same Yjs items, so an editor's cursor and a concurrent edit elsewhere in the text survive.
 * Call inside a transaction.
 */
export function applyText(text: Y.Text, target: string): void {
  const current = text.toJSON();
  if (current === target) return;
  const changes = diffChars(current, target, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return replaceMiddle(text, current, target);
  let position = 0;
  for (const change of changes) {
    if (change.removed) text.delete(position, change.value.length);
    else if (change.added) {
      text.insert(position, change.value);
      position += change.value.length;
    } else position += change.value.length;
  }
}

/** The edit between the common start and end of both texts: for a change too large to diff by characters. */
function replaceMiddle(text: Y.Text, current: string, target: string): void {
  let start = 0;
  const shorter = Math.min(current.length, target.length);
  while (start < shorter && current[start] === target[start]) start++;
  let end = 0;
  while (end < shorter - start && current[current.length - 1 - end] === target[target.length - 1 - end]) end++;
  if (current.length - end > start) text.delete(start, current.length - end - start);
  if (target.length - end > start) text.insert(start, target.slice(start, target.length - end));
}
