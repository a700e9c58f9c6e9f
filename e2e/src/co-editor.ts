import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { CollabField, type CollabNotice, COLLAB_PATH, collabDocumentName } from '@quire/proto';
import { eventually } from '@quire/testing';

/** What an editor's browser sends with the upgrade: its cookies, and its page's origin. */
export interface EditorIdentity {
  baseUrl: string;
  cookies: Map<string, string>;
}

/**
 * One page open in a live editor, as the SPA opens it: a HocuspocusProvider on the site's own
 * WebSocket path, the browser's session cookie and Origin on the upgrade (a `ws` socket that
 * sends them, since Node's WebSocket cannot).
 */
export class CoEditor {
  readonly document = new Y.Doc();
  readonly text = this.document.getText(CollabField.Content);
  readonly notices: CollabNotice[] = [];
  readonly closes: string[] = [];
  readonly failures: string[] = [];
  readonly socket: HocuspocusProviderWebsocket;
  readonly provider: HocuspocusProvider;

  constructor(identity: EditorIdentity, pageId: number, options: { origin?: string; url?: string } = {}) {
    const headers = { cookie: [...identity.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: options.origin ?? identity.baseUrl };
    class BrowserSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers });
        // Destroyed while it reconnects (the server stopped), ws reports "closed before the connection was
        // established" after the provider has let go of its handlers: a browser drops that silently, so does this.
        this.on('error', () => undefined);
      }
    }
    this.socket = new HocuspocusProviderWebsocket({
      url: options.url ?? `${identity.baseUrl.replace(/^http/, 'ws')}${COLLAB_PATH}`,
      WebSocketPolyfill: BrowserSocket,
      maxDelay: 1_000,
      minDelay: 100,
      delay: 100,
    });
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: collabDocumentName(pageId),
      document: this.document,
      onStateless: ({ payload }) => this.notices.push(JSON.parse(payload) as CollabNotice),
      onClose: ({ event }) => this.closes.push(event.reason),
      onAuthenticationFailed: ({ reason }) => this.failures.push(reason),
    });
    this.provider.attach();
  }

  /** Resolves once the document came from the server; rejects when the server refused it. */
  async ready(timeoutMs = 30_000): Promise<this> {
    await eventually(() => (this.failures.length > 0 || this.provider.synced ? true : undefined), 'the document to sync', timeoutMs);
    if (this.failures.length > 0) throw new Error(`the server refused the document: ${this.failures.join(', ')}`);
    return this;
  }

  /** The scope the server granted (`read-write` or `readonly`). */
  get scope(): string | undefined {
    return this.provider.authorizedScope;
  }

  type(at: number, words: string): void {
    this.text.insert(Math.min(at, this.text.length), words);
  }

  append(words: string): void {
    this.text.insert(this.text.length, words);
  }

  save(): void {
    this.provider.sendStateless(JSON.stringify({ type: 'save' }));
  }

  toString(): string {
    return this.text.toJSON();
  }

  destroy(): void {
    this.provider.destroy();
    this.socket.destroy();
  }
}

/** The status an upgrade of COLLAB_PATH is answered with (101 when it is accepted). */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>, path = COLLAB_PATH): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', (error) => {
      if (/socket hang up|ECONNRESET/.test(error.message)) resolve(0);
      else reject(error);
    });
  });
}
