import { Injectable } from '@nestjs/common';
import { DocumentStore } from '@quire/platform';
import { type Caller, type ImportedItem, type ImportItemDto, type ImportItemSortDto, nowSeconds } from '@quire/proto';
import { ItemTokenRepository } from '../api-key/item-token.repository';
import { ItemSortRepository } from '../item/item-sort.repository';
import { ItemRepository } from '../item/item.repository';
import { MaintenanceService } from '../maintenance/maintenance.service';
import { MemberRepository } from '../member/member.repository';
import { SearchChanges } from '../search/search-changes';

/**
 * Items brought over from another site (issue 16). An imported item is stored pending, as a copy is: nobody sees
 * it while its pages are written, `publish` makes it live in one write, and `discard` removes a pending item with
 * everything written for it (pages and files through the page service, as the purge does). An item that is live
 * is never discarded. A pending item whose import died is swept by the hourly purge like an abandoned copy.
 */
@Injectable()
export class ItemImportService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
    private readonly tokens: ItemTokenRepository,
    private readonly sorts: ItemSortRepository,
    private readonly maintenance: MaintenanceService,
    private readonly search: SearchChanges,
  ) {}

  /** The item (pending), its members and its open-API credentials, in one unit. */
  async importItem(dto: ImportItemDto): Promise<ImportedItem> {
    const { item } = dto;
    const domainDropped = item.item_domain !== '' && (await this.items.findByDomain(item.item_domain)) !== null;
    const tokenDropped = dto.token !== null && (await this.tokens.findByKey(dto.token.api_key)) !== null;
    const created = await this.documents.transaction(async () => {
      const row = await this.items.create({
        item_name: item.item_name,
        item_description: item.item_description,
        uid: item.uid,
        username: item.username,
        password: item.password,
        item_domain: domainDropped ? '' : item.item_domain,
        item_type: item.item_type,
        // `now` dates the pending state: the hourly purge takes a pending item for abandoned an hour after it.
        now: nowSeconds(),
        addtime: item.addtime,
        last_update_time: item.last_update_time,
        is_archived: item.is_archived,
        pending: true,
      });
      for (const member of dto.members) {
        if (member.uid === item.uid) continue; // the owner is no member of its own item
        await this.members.add({ item_id: row.item_id, uid: member.uid, username: member.username, member_group_id: member.member_group_id, addtime: member.addtime });
      }
      if (dto.token && !tokenDropped) await this.tokens.create(row.item_id, { api_key: dto.token.api_key, api_token: dto.token.api_token }, dto.token.addtime);
      return row;
    });
    return { item_id: created.item_id, domain_dropped: domainDropped, token_dropped: tokenDropped };
  }

  async publish(itemId: number): Promise<{ published: boolean }> {
    if ((await this.items.makeLive(itemId)) === 0) return { published: false };
    // Its pages were written while it was hidden: findable from now.
    await this.search.item(itemId);
    return { published: true };
  }

  /** The imported items' places in a user's list, added to the order the user already saved (if any). */
  async sort(dto: ImportItemSortDto): Promise<{ positions: number }> {
    const positions = (await this.sorts.positions(dto.uid)) ?? new Map<number, number>();
    for (const entry of dto.positions) positions.set(entry.item_id, entry.position);
    await this.sorts.save(dto.uid, positions, dto.addtime);
    return { positions: dto.positions.length };
  }

  async discard(caller: Caller, itemId: number): Promise<{ discarded: boolean }> {
    const item = await this.items.findById(itemId);
    if (!item || item.pending !== 1) return { discarded: false };
    return { discarded: await this.maintenance.purgeItem(caller, itemId) };
  }
}
