import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { type Extension, Hocuspocus } from '@hocuspocus/server';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { refuseUpgrade, UpgradeHandler } from '@quire/platform';
import { COLLAB_PATH, pageIdOfDocument } from '@quire/proto';
import { type DocumentContext, LiveDocuments } from '../live/live-documents';
import { CollabPresence } from '../presence/collab-presence';
import { SessionWatch } from '../session/session-watch';
import { type CollabContext, UpgradeGate } from '../session/upgrade-gate';

/** The largest WebSocket message accepted (a whole document's first sync fits): a larger one closes the connection (1009). */
export const COLLAB_MAX_PAYLOAD = 8 * 1024 * 1024;
/** Hocuspocus persists a changed document after this quiet time, and at the latest after the longer one. */
const STORE_DEBOUNCE_MS = 1_000;
const STORE_MAX_DEBOUNCE_MS = 5_000;

/** Extensions the distributed service adds (Redis, so that any replica serves any document). */
export const COLLAB_EXTENSIONS = 'COLLAB_EXTENSIONS';

/**
 * The co-editing endpoint: WebSocket upgrades of COLLAB_PATH, checked by the UpgradeGate (same site,
 * a live session) before any WebSocket exists, then spoken to by Hocuspocus, its session watched while it is open. Embedded, the gateway's
 * HTTP server hands it the upgrades (it is the app's UpgradeHandler); distributed, the collab
 * service's own HTTP server does, and the gateway forwards them there.
 */
@Injectable()
export class CollabServer extends UpgradeHandler implements OnModuleInit, OnModuleDestroy {
  readonly path = COLLAB_PATH;
  private readonly logger = new Logger(CollabServer.name);
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: COLLAB_MAX_PAYLOAD });
  private hocuspocus!: Hocuspocus;

  constructor(
    private readonly gate: UpgradeGate,
    private readonly documents: LiveDocuments,
    private readonly presence: CollabPresence,
    private readonly sessions: SessionWatch,
    @Optional() @Inject(COLLAB_EXTENSIONS) private readonly extensions: Extension[] = [],
  ) {
    super();
  }

  onModuleInit(): void {
    const documents = this.documents;
    const presence = this.presence;
    this.hocuspocus = new Hocuspocus({
      name: 'quire-collab',
      quiet: true,
      debounce: STORE_DEBOUNCE_MS,
      maxDebounce: STORE_MAX_DEBOUNCE_MS,
      extensions: [
        ...(this.extensions ?? []),
        {
          async onAuthenticate({ documentName, context, connectionConfig }) {
            return documents.authenticate(documentName, context, connectionConfig);
          },
          async onLoadDocument({ documentName, document }) {
            await documents.load(documentName, document);
          },
          // Writers (not watchers) hold the page for clients that cannot co-edit (ShowDoc's edit lock).
          async connected({ documentName, context, socketId, connectionConfig }) {
            const pageId = pageIdOfDocument(documentName);
            if (pageId !== null && !connectionConfig.readOnly && context?.caller) await presence.joined(pageId, context.caller, socketId);
          },
          async onDisconnect({ documentName, context, socketId }) {
            const pageId = pageIdOfDocument(documentName);
            if (pageId !== null && context?.caller) await presence.left(pageId, context.caller, socketId);
          },
          async onChange({ documentName, connection }) {
            documents.changed(documentName, connection);
          },
          async onStoreDocument({ documentName }) {
            await documents.store(documentName);
          },
          async beforeHandleAwareness({ states, context }) {
            if (context?.caller) ownPresence(states, context.caller.uid, context.caller.username);
          },
          async onStateless({ documentName, connection, payload }) {
            await documents.stateless(documentName, connection, payload);
          },
          async beforeUnloadDocument({ documentName }) {
            await documents.unloading(documentName);
          },
          async afterUnloadDocument({ documentName }) {
            documents.unloaded(documentName);
          },
        } satisfies Extension<DocumentContext>,
      ],
    });
    this.documents.attach(this.hocuspocus);
  }

  async onModuleDestroy(): Promise<void> {
    for (const socket of this.sockets.clients) socket.close(1001, 'server stopping');
    await this.documents.stop();
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
    // Extensions let go of what they hold (the Redis extension its connections).
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus }).catch((error: Error) => this.logger.warn(`Stopping Hocuspocus's extensions failed: ${error.message}`));
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.gate.admit(request).then(
      (admission) => {
        if (!admission.ok) return refuseUpgrade(socket, admission.status, admission.reason);
        this.sockets.handleUpgrade(request, socket, head, (webSocket) => this.connect(webSocket, request, admission.context));
      },
      (error: Error) => {
        this.logger.warn(`A co-editing upgrade failed: ${error.message}`);
        refuseUpgrade(socket, 503, 'Service Unavailable');
      },
    );
  }

  private connect(webSocket: WebSocket, request: IncomingMessage, context: CollabContext): void {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = new URL(request.url ?? COLLAB_PATH, `http://${request.headers.host ?? 'localhost'}`);
    const connection = this.hocuspocus.handleConnection(webSocket, new Request(url, { headers }), context);
    this.sessions.watch(webSocket, context);
    webSocket.on('message', (data: RawData) => connection.handleMessage(toBytes(data)));
    webSocket.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
    webSocket.on('error', (error) => {
      this.logger.debug(`A co-editing socket failed: ${error.message}`);
      webSocket.terminate();
    });
  }
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * An editor's presence (`{ user: CollabUser }` in its awareness state) names the user of its session:
 * the uid and name are set to the session's, so nobody shows up as someone else (the colour is the client's).
 */
function ownPresence(states: Map<number, Record<string, unknown>>, uid: number, name: string): void {
  for (const state of states.values()) {
    const user = state.user;
    if (typeof user === 'object' && user !== null) state.user = { ...(user as Record<string, unknown>), uid, name };
  }
}
