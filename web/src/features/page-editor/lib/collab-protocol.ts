import type { COLLAB_PATH as PROTO_COLLAB_PATH, COLLAB_SESSION_ENDED as PROTO_COLLAB_SESSION_ENDED, CollabField as ProtoCollabField, CollabScope as ProtoCollabScope } from '@quire/proto';

/*
 * The co-editing protocol's names (proto/src/schemas/collab.schema.ts), as values the editor can use. The web app
 * takes only types from '@quire/proto': its runtime module is the services' CommonJS build with zod and every
 * schema, which would triple the editor's download for three constants. Each value here is checked against
 * proto's own at compile time (a literal that differs does not type-check), and e2e/web/collab-protocol.spec.ts
 * compares them at run time.
 */

/** The WebSocket path on the site's own origin. */
export const COLLAB_PATH: typeof PROTO_COLLAB_PATH = '/api/collab';

/** The close code of a connection whose session ended while it was open. */
export const COLLAB_SESSION_ENDED: typeof PROTO_COLLAB_SESSION_ENDED = 4401;

/** The Y.Doc's parts: the Markdown (Y.Text) and the page's other fields (Y.Map). */
export const CollabField: typeof ProtoCollabField = { Content: 'content', Meta: 'meta' };

/** The scopes Hocuspocus reports on authentication. */
export const CollabScope: typeof ProtoCollabScope = { ReadWrite: 'read-write', ReadOnly: 'readonly' };

/** The Hocuspocus document name of a page (proto's collabDocumentName). */
export function collabDocumentName(pageId: number): `page:${number}` {
  return `page:${pageId}`;
}
