import { z } from 'zod';

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
  /** The page was written (by a save, the quiet-period save, or a save from outside merged in): to every editor of it. */
  | { type: 'saved'; page_id: number; content_hash: string; addtime: number; by: string }
  /** The requester's save was refused (its message in the requester's language). */
  | { type: 'save-failed'; message: string };
