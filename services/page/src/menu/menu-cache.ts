import { Injectable } from '@nestjs/common';
import { VersionedCache, VersionToken } from '@quire/platform';
import type { CacheVersions } from '@quire/proto';
import { ContentVersion } from '../cache/content-version';

/** Menus kept (their JSON text, about 100 bytes a page): the most recently built ones. */
const MENUS_KEPT = 100;
const MAX_AGE_MS = 60_000;

/**
 * Built menus as JSON text, per item, valid while the content version is unchanged: pages and
 * catalogs are written through their repositories, which renew it after writing; a reader takes
 * the version before reading, so a menu built during a write is rebuilt on the next call.
 */
@Injectable()
export class MenuCache {
  private readonly menus = new VersionedCache<number, string>({ maxEntries: MENUS_KEPT, maxAgeMs: MAX_AGE_MS });

  constructor(private readonly version: ContentVersion) {}

  /** The item's menu as JSON text, from the cache or from `build` (then kept); `carried`: the versions a message brought. */
  async get(itemId: number, carried: CacheVersions | undefined, build: () => Promise<unknown>): Promise<string> {
    const [version] = await VersionToken.readAll(carried, this.version);
    const cached = this.menus.get(itemId, version);
    if (cached !== undefined) return cached;
    const json = JSON.stringify(await build());
    this.menus.set(itemId, version, json);
    return json;
  }
}
