import { HocuspocusProvider, WebSocketStatus } from '@hocuspocus/provider';
import type { CollabNotice, CollabRequest, CollabUser } from '@quire/proto';
import { useCallback, useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';
import { COLLAB_PATH, COLLAB_SESSION_ENDED, CollabField, CollabScope, collabDocumentName } from '../lib/collab-protocol';

/** Failed attempts to connect, before any first sync, after which the editor says it cannot reach the server (it keeps trying). */
const ATTEMPTS_BEFORE_UNREACHABLE = 3;
/** How long a save may go unanswered before the editor says so (the server answers in well under a second). */
const SAVE_ANSWER_MS = 20_000;

/**
 * `connecting`: no first sync yet (the editor waits: the server fills the document); `connected`: live;
 * `offline`: the connection dropped after the first sync (typing goes on, Yjs merges on reconnect);
 * `unreachable`: no first sync after several attempts (the server is down, or refused the upgrade: a session that
 * ended); the provider keeps trying; `refused`: the server did not let this user into the page; `signed-out`: the
 * session ended while the editor was open (the server closed the connection): no retry, the user logs in again.
 */
export type CollabStatus = 'connecting' | 'connected' | 'offline' | 'unreachable' | 'refused' | 'signed-out';

export type CollabSaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  /** `mine`: this editor asked for that save; `by` names who saved; `auto`: the server's own quiet-period save. */
  | { kind: 'saved'; by: string; addtime: number; mine: boolean; auto: boolean; seq: number }
  | { kind: 'failed'; message: string }
  /** A save from outside the editor changed the same lines: the live text was kept, that version went to the history. */
  | { kind: 'conflict'; by: string; addtime: number }
  /** Save asked for while offline: the server saves once the changes have merged. */
  | { kind: 'offline' };

/** Someone in the page: one entry per user (several tabs of one user count once), this user first. */
export interface CollabPeer {
  user: CollabUser;
  self: boolean;
}

/** The shared document of a page and its parts, once connected. */
export interface CollabDocument {
  doc: Y.Doc;
  /** The page's Markdown (CollabField.Content). */
  text: Y.Text;
  /** `page_title`, `cat_id`, `s_number` (CollabField.Meta). */
  meta: Y.Map<unknown>;
  awareness: NonNullable<HocuspocusProvider['awareness']>;
}

export interface CollabSession {
  document: CollabDocument | null;
  status: CollabStatus;
  /** True once the first sync has filled the document: before it, there is nothing to bind the editor to. */
  synced: boolean;
  readOnly: boolean;
  peers: CollabPeer[];
  save: CollabSaveState;
  /** Ctrl+S / Save: asks the server to write the page and a history version now. */
  requestSave: () => void;
  /**
   * Whether changes typed here have not reached the server yet (offline, or still in flight): only those can be
   * lost by leaving; what the server has is in the shared page and gets written (quiet period, last editor out).
   */
  hasUnsentChanges: () => boolean;
}

function isCollabUser(value: unknown): value is CollabUser {
  const user = value as Partial<CollabUser> | null;
  return typeof user?.uid === 'number' && typeof user.name === 'string' && typeof user.color === 'string';
}

function isNotice(value: unknown): value is CollabNotice {
  const notice = value as Partial<CollabNotice> | null;
  return notice?.type === 'saved' || notice?.type === 'save-failed' || notice?.type === 'conflict';
}

/** The people in the awareness states, this user first, then by name; one entry per uid. */
function peersOf(states: Map<number, Record<string, unknown>>, self: CollabUser): CollabPeer[] {
  const byUid = new Map<number, CollabUser>();
  for (const state of states.values()) {
    if (isCollabUser(state.user) && state.user.uid !== self.uid) byUid.set(state.user.uid, state.user);
  }
  const others = [...byUid.values()].sort((a, b) => a.name.localeCompare(b.name) || a.uid - b.uid);
  return [{ user: self, self: true }, ...others.map((user) => ({ user, self: false }))];
}

/** The site's own origin, as a WebSocket address: `ws:` beside `http:`, `wss:` beside `https:`. */
function collabUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${COLLAB_PATH}`;
}

/**
 * The live co-editing session of an existing page (issue 18): a Hocuspocus provider on the site's WebSocket,
 * authenticated by the session cookie. It reports the connection, the scope the server granted, who is in the page
 * and the saves that any editor (or the server) made. `user` null (not known yet) or `pageId` 0 opens nothing.
 */
export function useCollabSession(pageId: number, user: CollabUser | null, messages: { noAnswer: string }): CollabSession {
  const [document, setDocument] = useState<CollabDocument | null>(null);
  const [status, setStatus] = useState<CollabStatus>('connecting');
  const [synced, setSynced] = useState(false);
  const [readOnly, setReadOnly] = useState(false);
  const [peers, setPeers] = useState<CollabPeer[]>([]);
  const [save, setSave] = useState<CollabSaveState>({ kind: 'idle' });
  const provider = useRef<HocuspocusProvider | null>(null);
  /**
   * Changes made in this tab that the server has not acknowledged. Not the provider's own count: that one is 1
   * from the start of each sync until the server's answer, so an editor still connecting (a slow link, a loaded
   * server) would ask about unsaved changes that nobody typed.
   */
  const unsent = useRef(false);
  const pendingSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const noAnswer = useRef(messages.noAnswer);
  noAnswer.current = messages.noAnswer;
  const uid = user?.uid ?? 0;
  const userKey = user ? JSON.stringify(user) : '';

  useEffect(() => {
    if (pageId <= 0 || !userKey) return;
    const self = JSON.parse(userKey) as CollabUser;
    const doc = new Y.Doc();
    let everSynced = false;
    let failedAttempts = 0;
    let refused = false;
    /** The server closed this page's document on a live socket (rights changed): connect anew to be asked again. */
    let reopen = false;
    let savedSeq = 0;
    setStatus('connecting');
    setSynced(false);
    setReadOnly(false);
    setSave({ kind: 'idle' });
    const session = new HocuspocusProvider({
      url: collabUrl(),
      name: collabDocumentName(pageId),
      document: doc,
      // The session cookie authenticates the upgrade; Hocuspocus still sends a token message, which must not be empty.
      token: 'session-cookie',
      onAuthenticated: ({ scope }) => setReadOnly(scope === CollabScope.ReadOnly),
      onAuthenticationFailed: () => {
        refused = true;
        setStatus('refused');
        // No retry: the answer would be the same.
        session.configuration.websocketProvider.disconnect();
      },
      onSynced: ({ state }) => {
        if (!state) return;
        everSynced = true;
        setSynced(true);
        setStatus('connected');
      },
      onClose: ({ event }) => {
        const socket = session.configuration.websocketProvider;
        if (event.code === COLLAB_SESSION_ENDED) {
          // Reconnecting would be refused: the session is gone.
          refused = true;
          setStatus('signed-out');
          socket.disconnect();
          return;
        }
        if (socket.status !== WebSocketStatus.Connected || refused) return;
        reopen = true;
        socket.disconnect();
      },
      onStatus: ({ status: socket }) => {
        // Connected again counts once the document has synced anew (onSynced).
        if (socket !== WebSocketStatus.Disconnected || refused) return;
        if (reopen) {
          reopen = false;
          void session.configuration.websocketProvider.connect();
        }
        if (everSynced) return setStatus('offline');
        failedAttempts += 1;
        setStatus(failedAttempts >= ATTEMPTS_BEFORE_UNREACHABLE ? 'unreachable' : 'connecting');
      },
      onStateless: ({ payload }) => {
        let notice: unknown;
        try {
          notice = JSON.parse(payload);
        } catch {
          return;
        }
        if (!isNotice(notice)) return;
        if (notice.type === 'conflict') {
          setSave({ kind: 'conflict', by: notice.by, addtime: notice.addtime });
          return;
        }
        const mine = pendingSave.current !== undefined;
        clearTimeout(pendingSave.current);
        pendingSave.current = undefined;
        if (notice.type === 'saved') {
          savedSeq += 1;
          setSave({ kind: 'saved', by: notice.by, addtime: notice.addtime, mine, auto: notice.auto, seq: savedSeq });
        } else {
          setSave({ kind: 'failed', message: notice.message });
        }
      },
    });
    unsent.current = false;
    // What the provider applies comes from the server; anything else (typing, the title) was made here.
    const onUpdate = (_update: Uint8Array, origin: unknown) => {
      if (origin !== session) unsent.current = true;
    };
    const onUnsynced = ({ number }: { number: number }) => {
      if (number === 0) unsent.current = false;
    };
    doc.on('update', onUpdate);
    session.on('unsyncedChanges', onUnsynced);
    const awareness = session.awareness;
    if (!awareness) throw new Error('the co-editing provider has no awareness');
    awareness.setLocalStateField('user', self);
    const onAwareness = () => setPeers(peersOf(awareness.getStates(), self));
    awareness.on('change', onAwareness);
    onAwareness();
    // The browser knows first that the network is gone (an idle socket would take its 30 s timeout to notice):
    // the editor says so at once, and connects again, merging what was typed, when the network is back.
    const socket = session.configuration.websocketProvider;
    const onOffline = () => {
      socket.disconnect();
      if (everSynced && !refused) setStatus('offline');
    };
    const onOnline = () => {
      if (!refused) void socket.connect();
    };
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    provider.current = session;
    setDocument({ doc, text: doc.getText(CollabField.Content), meta: doc.getMap(CollabField.Meta), awareness });
    return () => {
      clearTimeout(pendingSave.current);
      pendingSave.current = undefined;
      awareness.off('change', onAwareness);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      provider.current = null;
      doc.off('update', onUpdate);
      session.off('unsyncedChanges', onUnsynced);
      session.destroy();
      doc.destroy();
      setDocument(null);
    };
  }, [pageId, userKey]);

  const requestSave = useCallback(() => {
    const session = provider.current;
    if (!session) return;
    if (!session.isSynced) {
      setSave({ kind: 'offline' });
      return;
    }
    clearTimeout(pendingSave.current);
    pendingSave.current = setTimeout(() => {
      pendingSave.current = undefined;
      setSave({ kind: 'failed', message: noAnswer.current });
    }, SAVE_ANSWER_MS);
    setSave({ kind: 'saving' });
    const request: CollabRequest = { type: 'save' };
    session.sendStateless(JSON.stringify(request));
  }, []);

  const hasUnsentChanges = useCallback(() => unsent.current, []);

  return { document, status, synced, readOnly, peers: uid ? peers : [], save, requestSave, hasUnsentChanges };
}
