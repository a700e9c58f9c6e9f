import { z } from 'zod';
import { integer } from '../validation';
import { TITLE_MAX_LENGTH } from './page.schema';

/** Contributors one history version names at most (the first ones kept). */
export const COLLAB_CONTRIBUTORS_MAX = 100;

/**
 * Live co-editing of a page's Markdown (the collab service, Hocuspocus over a WebSocket behind the
 * gateway). The shared document and the messages the editor and the server exchange beside the Yjs
 * protocol are defined here once, for the server and the SPA.
 */

/** The WebSocket path on the site's own origin (`ws:` / `wss:`); the session cookie authenticates the upgrade. */
export const COLLAB_PATH = '/api/collab';

/** The Hocuspocus document name of a page: `page:42`. Only existing pages are co-edited. */
export function collabDocumentName(pageId: number): string {
  return `page:${pageId}`;
}

/** The page id a document name stands for, or null for a name that is not a page's. */
export function pageIdOfDocument(name: string): number | null {
  const match = /^page:([1-9][0-9]{0,15})$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** The Y.Doc's parts: the Markdown source, and the page's other fields a co-editor may change. */
export const CollabField = {
  /** Y.Text: the page's Markdown. */
  Content: 'content',
  /** Y.Map: `page_title` (string), `cat_id` (number), `s_number` (number). */
  Meta: 'meta',
} as const;

/** The scope Hocuspocus reports on authentication: members without the edit right only watch. */
export const CollabScope = { ReadWrite: 'read-write', ReadOnly: 'readonly' } as const;

/**
 * The WebSocket close code of a connection whose session ended while it was open (logout, a password change, an
 * administrator's reset): the editor stops reconnecting and asks the user to log in again.
 */
export const COLLAB_SESSION_ENDED = 4401;

/** What each editor puts in its awareness state (presence, remote cursors): `{ user: CollabUser }`. */
export interface CollabUser {
  uid: number;
  name: string;
  /** A CSS colour, `#rrggbb`, the same for a user on every device. */
  color: string;
}

/** Stateless messages from an editor to the server. */
export const CollabRequestSchema = z.discriminatedUnion('type', [
  /** Ctrl+S / the Save button: write the page and a history version now. */
  z.object({ type: z.literal('save') }),
]);
export type CollabRequest = z.output<typeof CollabRequestSchema>;

/** Stateless messages from the server to editors. */
export type CollabNotice =
  /**
   * The page was written (by a save, the quiet-period save, or a save from outside merged in): to every editor of it.
   * `by`: whose name the version carries; `auto`: written by the quiet-period save, not asked for.
   */
  | { type: 'saved'; page_id: number; content_hash: string; addtime: number; by: string; auto: boolean }
  /** The requester's save was refused (its message in the requester's language). */
  | { type: 'save-failed'; message: string }
  /**
   * A save from outside the editor (`page/save`, the open API, an import) changed the same lines as the
   * live text: the live text was kept, and the outside version goes to the history with the next save.
   */
  | { type: 'conflict'; page_id: number; addtime: number; by: string };

/** `page.page.live` (internal, asked by the collab service): a live page's fields, text raw. */
export const GetLivePageSchema = z.object({ page_id: integer().pipe(z.number().min(1)) });
export type GetLivePageDto = z.output<typeof GetLivePageSchema>;

/** A live page as a co-editing document is filled from it (raw text; `content_hash` = hex SHA-256 of `page_content`). */
export interface LivePage {
  page_id: number;
  item_id: number;
  cat_id: number;
  page_title: string;
  page_content: string;
  s_number: number;
  addtime: number;
  author_username: string;
  content_hash: string;
}

/** Everyone who changed a co-edited page since its last write, named in the history version the write makes. */
const ContributorSchema = z.object({ uid: integer().pipe(z.number().min(1)), username: z.string().max(TITLE_MAX_LENGTH) });

/**
 * `page.page.saveLive` (internal, sent by the collab service on behalf of the saver: the caller must
 * hold the edit right): writes the page as the co-editing document holds it, recording the version
 * it replaces in the history like `page/save`.
 */
export const SaveLivePageSchema = z.object({
  page_id: integer().pipe(z.number().min(1)),
  page_title: z.string().max(TITLE_MAX_LENGTH),
  cat_id: integer().pipe(z.number().min(0)),
  s_number: integer(),
  page_content: z.string(),
  contributors: z.array(ContributorSchema).max(COLLAB_CONTRIBUTORS_MAX),
});
export type SaveLivePageDto = z.output<typeof SaveLivePageSchema>;

/** What `page.page.saveLive` wrote. */
export interface LivePageSaved {
  page_id: number;
  content_hash: string;
  addtime: number;
  author_username: string;
}
