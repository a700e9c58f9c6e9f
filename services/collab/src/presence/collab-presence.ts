import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';
import type { Caller, PageEditor } from '@quire/proto';

/** A writer's presence outlives its replica this long at most (a replica that died leaves no lasting lock). */
export const PRESENCE_TTL_SECONDS = 90;
/** Each replica renews its writers' presence this often. */
const RENEW_EVERY_MS = 30_000;

const prefixOf = (pageId: number): string => `collab:presence:${pageId}:`;
const keyOf = (pageId: number, uid: number, socketId: string): string => `${prefixOf(pageId)}${uid}:${socketId}`;

/**
 * Who is editing each page in the co-editor now (writers only; watchers do not hold a page), kept in the
 * KeyValueStore that every collab replica shares, one expiring entry per connection: the page service
 * answers ShowDoc's edit lock from it (`collab.presence.editors`), so a page being co-edited is locked
 * for a client that cannot co-edit.
 */
@Injectable()
export class CollabPresence implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CollabPresence.name);
  /** This replica's entries: key → username. */
  private readonly held = new Map<string, string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly kv: KeyValueStore) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.renew(), RENEW_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    const keys = [...this.held.keys()];
    this.held.clear();
    await Promise.all(keys.map((key) => this.kv.delete(key).catch(() => undefined)));
  }

  /** A writer's connection to the page's document was made. */
  async joined(pageId: number, caller: Caller, socketId: string): Promise<void> {
    if (!(caller.uid > 0)) return;
    const key = keyOf(pageId, caller.uid, socketId);
    this.held.set(key, caller.username);
    await this.kv.set(key, caller.username, PRESENCE_TTL_SECONDS);
  }

  /** That connection closed. */
  async left(pageId: number, caller: Caller, socketId: string): Promise<void> {
    const key = keyOf(pageId, caller.uid, socketId);
    if (!this.held.delete(key)) return;
    await this.kv.delete(key);
  }

  /** Everyone editing the page now, once each. */
  async editors(pageId: number): Promise<PageEditor[]> {
    const keys = await this.kv.keysWithPrefix(prefixOf(pageId));
    const names = await this.kv.getMany(keys);
    const editors = new Map<number, string>();
    keys.forEach((key, index) => {
      const uid = Number(key.slice(prefixOf(pageId).length).split(':')[0]);
      const name = names[index];
      if (uid > 0 && name !== null && !editors.has(uid)) editors.set(uid, name);
    });
    return [...editors].map(([uid, username]) => ({ uid, username }));
  }

  private async renew(): Promise<void> {
    for (const [key, username] of this.held) {
      await this.kv.set(key, username, PRESENCE_TTL_SECONDS).catch((error: Error) => this.logger.warn(`co-editing presence not renewed: ${error.message}`));
    }
  }
}
