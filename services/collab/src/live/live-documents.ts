import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Connection, Document, Hocuspocus } from '@hocuspocus/server';
import * as Y from 'yjs';
import type { QuireConfig } from '@quire/config';
import { KeyValueStore, mergeThreeWay, QUIRE_CONFIG, withLock } from '@quire/platform';
import { AppError, CollabField, type CollabNotice, CollabRequestSchema, collabDocumentName, type LivePage, type PageContributor, pageIdOfDocument, translate } from '@quire/proto';
import { ItemClient } from '../clients/item.client';
import { PageClient, SERVICE_CALLER } from '../clients/page.client';
import { CollabDocumentRepository } from '../document/collab-document.repository';
import { applyText, contentHash, fieldsOf, fillFromPage, metaOf, type PageMeta, setMeta } from '../document/page-document';
import type { CollabContext } from '../session/upgrade-gate';

/** The content hash every replica last synced a page's document with: a change notice already merged is skipped. */
const baseKey = (pageId: number): string => `collab:base:${pageId}`;
/** Who changed a page's document since its last write (JSON `{uid, username}` members). */
const contributorsKey = (pageId: number): string => `collab:contributors:${pageId}`;
/** Held while a document is loaded fresh, written, or merged with a page changed from outside, in any replica. */
const documentLock = (pageId: number): string => `lock:collab:${pageId}`;
/** Those keys outlive an idle document this long. */
const KEPT_SECONDS = 7 * 24 * 3600;
/** Hocuspocus's "reset connection" close: the editor reconnects, authenticated afresh. */
const RIGHTS_CHANGED = 4205;
/** The transaction origin of the server's own changes (a merge): Hocuspocus's local origin, stored and broadcast as usual. */
const MERGE_ORIGIN = { source: 'local' as const, context: {} };

/** What a connection's context holds once it is authenticated (see CollabServer's onAuthenticate). */
export interface DocumentContext extends CollabContext {
  pageId: number;
  itemId: number;
}

/** One page's document, as this replica holds it. */
interface LiveDocument {
  pageId: number;
  itemId: number;
  document: Document;
  /** The page content (and fields) the document was last synced with: written by it, or merged into it. */
  base: string;
  baseHash: string;
  baseMeta: PageMeta;
  /** Who changed it last through this replica: the author of the quiet-period save. */
  lastEditor?: CollabContext;
  /** The contributors this replica noted since the last write (the KV store holds everyone's). */
  noted: Set<number>;
  quietTimer?: NodeJS.Timeout;
  maxTimer?: NodeJS.Timeout;
  /** This replica's work on the document, one piece at a time (writes, merges). */
  turn: Promise<unknown>;
}

/**
 * A refusal of a document: Hocuspocus answers the client with its reason. It carries no message, so
 * Hocuspocus does not log an expected refusal as an error (`why` says what it was, for debugging).
 */
class Refused extends Error {
  readonly reason = 'permission-denied';

  constructor(readonly why: string) {
    super();
  }
}

/**
 * The pages being co-edited in this process: loading a document (the persisted state, or the page),
 * persisting it, writing it to the page (a save message, or after a quiet period), merging the saves
 * made from outside the editor into it, and turning connections into watchers, writers or nothing when
 * rights change. Work that must not overlap another replica's on the same page holds the page's lock
 * in the KeyValueStore; the content hash last synced is kept there too, so that a change every replica
 * is told about is merged once.
 */
@Injectable()
export class LiveDocuments {
  private readonly logger = new Logger(LiveDocuments.name);
  private readonly live = new Map<string, LiveDocument>();
  private instance: Hocuspocus | undefined;

  constructor(
    private readonly pages: PageClient,
    private readonly items: ItemClient,
    private readonly repository: CollabDocumentRepository,
    private readonly kv: KeyValueStore,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  attach(instance: Hocuspocus): void {
    this.instance = instance;
  }

  /** Opens a page's document to a connection: the page is live, and the caller may visit its item (read-only) or edit it. */
  async authenticate(documentName: string, context: CollabContext, connection: { readOnly: boolean }): Promise<Pick<DocumentContext, 'pageId' | 'itemId'>> {
    const pageId = pageIdOfDocument(documentName);
    if (pageId === null) throw new Refused('not a page document');
    const page = await this.pages.live(context.caller, pageId);
    if (!page) throw new Refused('no such page');
    const right = await this.items.right(context.caller, page.item_id);
    if (right === 'none') throw new Refused('no right on the item');
    connection.readOnly = right === 'watch';
    return { pageId, itemId: page.item_id };
  }

  /**
   * Fills a document being loaded: from its persisted state when one is kept (merged with the page
   * when that changed meanwhile), else from the page, persisted at once so that every replica
   * starts from the same Yjs items.
   */
  async load(documentName: string, document: Document): Promise<void> {
    const pageId = pageIdOfDocument(documentName);
    if (pageId === null) throw new Refused('not a page document');
    await withLock(this.kv, documentLock(pageId), async () => {
      const page = await this.pages.live(SERVICE_CALLER, pageId);
      if (!page) throw new Refused('no such page');
      const stored = await this.repository.find(pageId);
      const live: LiveDocument = {
        pageId,
        itemId: page.item_id,
        document,
        base: page.page_content,
        baseHash: page.content_hash,
        baseMeta: metaOf(page),
        noted: new Set(),
        turn: Promise.resolve(),
      };
      if (stored) {
        Y.applyUpdate(document, Buffer.from(stored.state, 'base64'));
        live.base = stored.base_content;
        live.baseHash = stored.base_hash;
        if (stored.base_hash !== page.content_hash) await this.mergeHeld(live, page, false);
      } else {
        fillFromPage(document, page);
        await this.persist(live);
        await this.kv.set(baseKey(pageId), page.content_hash, KEPT_SECONDS);
      }
      this.live.set(documentName, live);
    });
  }

  /** Keeps the document's state (Hocuspocus calls it debounced after changes), so a restart loses nothing typed. */
  async store(documentName: string): Promise<void> {
    const live = this.live.get(documentName);
    if (live) await this.persist(live);
  }

  /** A change through a connection: its author is a contributor, and a write follows after the quiet period. */
  changed(documentName: string, connection: Connection | undefined): void {
    const live = this.live.get(documentName);
    const context = connection?.context as DocumentContext | undefined;
    if (!live || !context?.caller || connection?.readOnly) return;
    live.lastEditor = context;
    const { uid, username } = context.caller;
    if (!live.noted.has(uid)) {
      live.noted.add(uid);
      void this.kv
        .addToSet(contributorsKey(live.pageId), [JSON.stringify({ uid, username })], KEPT_SECONDS)
        .catch((error: Error) => this.logger.warn(`Noting a contributor of page ${live.pageId} failed: ${error.message}`));
    }
    clearTimeout(live.quietTimer);
    live.quietTimer = setTimeout(() => void this.quietSave(live), this.config.collab.saveQuietMs);
    live.maxTimer ??= setTimeout(() => void this.quietSave(live), this.config.collab.saveMaxMs);
  }

  /** A stateless message of an editor: `{type: 'save'}` writes the page now, answering a refusal in the editor's language. */
  async stateless(documentName: string, connection: Connection, payload: string): Promise<void> {
    let parsed: ReturnType<typeof CollabRequestSchema.safeParse>;
    try {
      parsed = CollabRequestSchema.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    const live = this.live.get(documentName);
    const context = connection.context as DocumentContext;
    if (!parsed.success || !live || !context?.caller) return;
    if (connection.readOnly) return this.tell(connection, { type: 'save-failed', message: translate('collab_read_only', context.language) });
    try {
      await this.write(live, context, true);
    } catch (error) {
      const message = error instanceof AppError ? translate(error.key, context.language, error.params) : translate('internal_error', context.language);
      if (!(error instanceof AppError)) this.logger.error(`Saving page ${live.pageId} failed: ${(error as Error).message}`);
      this.tell(connection, { type: 'save-failed', message });
    }
  }

  /** Before a document leaves memory: a write still waiting for its quiet period is made now. */
  async unloading(documentName: string): Promise<void> {
    const live = this.live.get(documentName);
    if (live?.maxTimer) await this.quietSave(live);
  }

  unloaded(documentName: string): void {
    const live = this.live.get(documentName);
    if (live) this.stopTimers(live);
    this.live.delete(documentName);
  }

  /**
   * A page changed outside this document (page/save, the open API, an import, or a write of another
   * replica): the change is merged into the live text, once across replicas.
   */
  async pageChanged(pageId: number): Promise<void> {
    const live = this.live.get(collabDocumentName(pageId));
    if (!live) return;
    live.noted.clear();
    await this.inTurn(live, () =>
      withLock(this.kv, documentLock(pageId), async () => {
        const page = await this.pages.live(SERVICE_CALLER, pageId);
        if (!page) return this.closeAll(live, 'page-deleted');
        await this.mergeHeld(live, page, true);
      }),
    );
  }

  /**
   * Rights on an item changed: each connection to its pages is asked again. One that lost the right is closed
   * for good; one whose mode changed (writer to watcher or back) is closed for the editor to reconnect, so it
   * learns its new scope instead of having its keystrokes dropped unseen.
   */
  async accessChanged(itemId: number): Promise<void> {
    for (const live of this.live.values()) {
      if (live.itemId !== itemId) continue;
      for (const connection of live.document.getConnections()) {
        const context = connection.context as DocumentContext | undefined;
        if (!context?.caller) continue;
        const right = await this.items.right(context.caller, itemId).catch((error: Error) => {
          this.logger.warn(`Checking ${context.caller.username}'s right on item ${itemId} failed: ${error.message}`);
          return 'none' as const;
        });
        if (right === 'none') connection.close({ code: 4403, reason: 'permission-denied' });
        else if (connection.readOnly !== (right === 'watch')) connection.close({ code: RIGHTS_CHANGED, reason: 'rights-changed' });
      }
    }
  }

  /** Every document's state persisted, its timers stopped (the app stops). */
  async stop(): Promise<void> {
    for (const live of this.live.values()) {
      this.stopTimers(live);
      await this.persist(live).catch((error: Error) => this.logger.warn(`Persisting page ${live.pageId}'s document failed: ${error.message}`));
    }
  }

  /** The document's content and fields written to the page by `author`, then told to every editor of it. */
  private write(live: LiveDocument, author: CollabContext, manual: boolean): Promise<void> {
    this.stopTimers(live);
    return this.inTurn(live, () =>
      withLock(this.kv, documentLock(live.pageId), async () => {
        const fields = fieldsOf(live.document, live.baseMeta);
        const hash = contentHash(fields.page_content);
        if (!manual && !(await this.differs(live, hash, fields))) return;
        const saved = await this.pages.saveLive(author.caller, { page_id: live.pageId, ...fields, contributors: await this.contributors(live.pageId) });
        live.base = fields.page_content;
        live.baseHash = saved.content_hash;
        live.baseMeta = metaOf(fields);
        live.noted.clear();
        // Persisted with its new base before the base is recorded for every replica.
        await this.persist(live);
        await this.kv.set(baseKey(live.pageId), saved.content_hash, KEPT_SECONDS);
        await this.kv.delete(contributorsKey(live.pageId));
        this.broadcast(live, { type: 'saved', page_id: live.pageId, content_hash: saved.content_hash, addtime: saved.addtime, by: saved.author_username, auto: !manual });
      }),
    );
  }

  /** Whether the document holds something the page does not: its text differs from the last synced (here or in another replica), or a field does. */
  private async differs(live: LiveDocument, hash: string, fields: PageMeta): Promise<boolean> {
    if (fields.page_title !== live.baseMeta.page_title || fields.cat_id !== live.baseMeta.cat_id || fields.s_number !== live.baseMeta.s_number) return true;
    if (hash === live.baseHash) return false;
    return hash !== (await this.kv.get(baseKey(live.pageId)));
  }

  private async quietSave(live: LiveDocument): Promise<void> {
    const author = live.lastEditor;
    this.stopTimers(live);
    if (!author) return;
    await this.write(live, author, false).catch((error: Error) => this.logger.warn(`The quiet-period save of page ${live.pageId} failed: ${error.message}`));
  }

  /**
   * Merges the page as it is now into the document (the page's lock held): three-way, from the content
   * last synced, the live text and the page's; on a conflict the live text stays and its editors are
   * told. `notify`: tell the editors of the change (a load has none yet).
   */
  private async mergeHeld(live: LiveDocument, page: LivePage, notify: boolean): Promise<void> {
    const pageMeta = metaOf(page);
    const sameMeta = pageMeta.page_title === live.baseMeta.page_title && pageMeta.cat_id === live.baseMeta.cat_id && pageMeta.s_number === live.baseMeta.s_number;
    if (page.content_hash === live.baseHash && sameMeta) return;
    if ((await this.kv.get(baseKey(live.pageId))) === page.content_hash && page.content_hash !== live.baseHash) {
      // Merged (or written) by another replica already: its edits reach this document through Redis.
      return this.synced(live, page);
    }
    const text = live.document.getText(CollabField.Content);
    const merged = mergeThreeWay(live.base, text.toJSON(), page.page_content);
    live.document.transact(() => {
      if (merged.ok) applyText(text, merged.merged);
      const current = fieldsOf(live.document, live.baseMeta);
      // A field changed outside and not in the editor takes the outside value.
      setMeta(live.document, {
        page_title: current.page_title === live.baseMeta.page_title ? pageMeta.page_title : current.page_title,
        cat_id: current.cat_id === live.baseMeta.cat_id ? pageMeta.cat_id : current.cat_id,
        s_number: current.s_number === live.baseMeta.s_number ? pageMeta.s_number : current.s_number,
      });
    }, MERGE_ORIGIN);
    this.synced(live, page);
    await this.persist(live);
    await this.kv.set(baseKey(live.pageId), page.content_hash, KEPT_SECONDS);
    if (!notify) return;
    this.broadcast(
      live,
      merged.ok
        ? { type: 'saved', page_id: live.pageId, content_hash: page.content_hash, addtime: page.addtime, by: page.author_username, auto: false }
        : { type: 'conflict', page_id: live.pageId, addtime: page.addtime, by: page.author_username },
    );
  }

  private synced(live: LiveDocument, page: LivePage): void {
    live.base = page.page_content;
    live.baseHash = page.content_hash;
    live.baseMeta = metaOf(page);
  }

  /** Everyone who changed the document since its last write, in every replica (first of each uid). */
  private async contributors(pageId: number): Promise<PageContributor[]> {
    const byUid = new Map<number, PageContributor>();
    for (const member of await this.kv.setMembers(contributorsKey(pageId))) {
      try {
        const { uid, username } = JSON.parse(member) as PageContributor;
        if (Number.isSafeInteger(uid) && uid > 0 && typeof username === 'string' && !byUid.has(uid)) byUid.set(uid, { uid, username });
      } catch {
        // not one of ours
      }
    }
    return [...byUid.values()].sort((a, b) => a.uid - b.uid);
  }

  private async persist(live: LiveDocument): Promise<void> {
    await this.repository.put({
      page_id: live.pageId,
      state: Buffer.from(Y.encodeStateAsUpdate(live.document)).toString('base64'),
      base_content: live.base,
      base_hash: live.baseHash,
      updated_at: Date.now(),
    });
  }

  private broadcast(live: LiveDocument, notice: CollabNotice): void {
    live.document.broadcastStateless(JSON.stringify(notice));
  }

  private tell(connection: Connection, notice: CollabNotice): void {
    connection.sendStateless(JSON.stringify(notice));
  }

  private closeAll(live: LiveDocument, reason: string): void {
    for (const connection of live.document.getConnections()) connection.close({ code: 4404, reason });
  }

  private stopTimers(live: LiveDocument): void {
    clearTimeout(live.quietTimer);
    clearTimeout(live.maxTimer);
    live.quietTimer = undefined;
    live.maxTimer = undefined;
  }

  /** Runs `work` after the document's earlier work in this replica. */
  private inTurn<R>(live: LiveDocument, work: () => Promise<R>): Promise<R> {
    const run = live.turn.then(work);
    live.turn = run.catch(() => undefined);
    return run;
  }
}
