import { Injectable } from '@nestjs/common';
import { VersionedCache, VersionToken } from '@quire/platform';
import type { CacheVersions } from '@quire/proto';
import { AttachmentService } from '../attachment/attachment.service';
import { ContentVersion } from '../cache/content-version';
import { toPageInfo } from './page.presenter';
import { PageRepository } from './page.repository';
import { ShareRepository } from './share/share.repository';

/** Page infos kept per replica: at most this many, holding at most this much text. */
const INFOS_KEPT = 2_000;
const INFO_TEXT_KEPT = 16 * 1024 * 1024;
const INFO_MAX_AGE_MS = 60_000;

/** A page info as the wire carries it, with the item whose read right it needs. */
export interface PageInfoText {
  item_id: number;
  json: string;
}

/**
 * What `page/info`, the most read call, answers: the live page with its attachment count and share
 * key, as JSON text, kept per replica while the content version is unchanged. Pages, attachments
 * and share keys are written through their repositories, which renew it after writing; the version
 * is read before the data, so an info built during a write is built again on the next call.
 */
@Injectable()
export class PageInfoCache {
  private readonly infos = new VersionedCache<number, PageInfoText>({
    maxEntries: INFOS_KEPT,
    maxAgeMs: INFO_MAX_AGE_MS,
    weigh: (info) => info.json.length,
    maxWeight: INFO_TEXT_KEPT,
  });

  constructor(
    private readonly pages: PageRepository,
    private readonly attachments: AttachmentService,
    private readonly shares: ShareRepository,
    private readonly version: ContentVersion,
  ) {}

  /** The info of a live page, from the cache or built (then kept); null when no live page has the id. `carried`: the versions a message brought. */
  async get(pageId: number, carried: CacheVersions | undefined): Promise<PageInfoText | null> {
    const [version] = await VersionToken.readAll(carried, this.version);
    const cached = this.infos.get(pageId, version);
    if (cached) return cached;
    const page = await this.pages.findLive(pageId);
    if (!page) return null;
    const [attachmentCount, uniqueKey] = await Promise.all([this.attachments.countByPage(page.page_id), this.shares.keyOf(page.page_id)]);
    const info = { item_id: page.item_id, json: JSON.stringify(toPageInfo(page, attachmentCount, uniqueKey)) };
    this.infos.set(pageId, version, info);
    return info;
  }
}
