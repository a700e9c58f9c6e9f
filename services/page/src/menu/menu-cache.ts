import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { KeyValueStore } from '@quire/platform';

/** The token every page or catalog write renews; in the KeyValueStore, so every page replica sees it. */
export const MENU_VERSION_KEY = 'page:menu-version';
/** Menus kept (their JSON text, about 100 bytes a page): the most recently built ones. */
const MENUS_KEPT = 100;

/**
 * Built menus as JSON text, per item, valid while the menu version token is unchanged. Writes to
 * pages and catalogs go through their repositories, which renew the token after writing; a reader
 * takes the token before reading, so a menu built during a write is rebuilt on the next call.
 */
@Injectable()
export class MenuCache {
  private readonly menus = new Map<number, { version: string | null; json: string }>();

  constructor(private readonly kv: KeyValueStore) {}

  /** The item's menu as JSON text, from the cache or from `build` (then kept). */
  async get(itemId: number, build: () => Promise<unknown>): Promise<string> {
    const version = await this.kv.get(MENU_VERSION_KEY);
    const cached = this.menus.get(itemId);
    if (cached && cached.version === version) return cached.json;
    const json = JSON.stringify(await build());
    this.menus.delete(itemId);
    this.menus.set(itemId, { version, json });
    if (this.menus.size > MENUS_KEPT) this.menus.delete(this.menus.keys().next().value as number);
    return json;
  }

  /** Every cached menu is stale from now on, in every replica. */
  async invalidate(): Promise<void> {
    await this.kv.set(MENU_VERSION_KEY, randomUUID());
  }
}
