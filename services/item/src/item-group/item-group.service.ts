import { Injectable } from '@nestjs/common';
import {
  AppError,
  type Caller,
  type DeleteItemGroupDto,
  escapeHtml,
  formatTime,
  ITEM_GROUPS_MAX,
  type ItemGroupRow,
  nowSeconds,
  type SavedItemGroup,
  type SaveItemGroupDto,
  type SortItemGroupsDto,
} from '@quire/proto';
import { requireLogin } from '../access/require-login';
import type { ItemGroupEntity } from './item-group.entity';
import { ItemGroupRepository } from './item-group.repository';

/**
 * Item groups (ShowDoc 3.x `itemGroup/*`): a user's own named groups of items, the tabs over their
 * item list. Each user lists, changes, orders and deletes only their own; a group's item ids are kept
 * as given (the item list shows only the items the user may still read).
 */
@Injectable()
export class ItemGroupService {
  constructor(private readonly groups: ItemGroupRepository) {}

  async list(caller: Caller): Promise<ItemGroupRow[]> {
    requireLogin(caller);
    return (await this.groups.ofUser(caller.uid)).map(toItemGroupRow);
  }

  /** A new group (at the end of the user's order) or a change of one of theirs; answers the group without `uid`, as ShowDoc 3.9. */
  async save(caller: Caller, dto: SaveItemGroupDto): Promise<SavedItemGroup> {
    requireLogin(caller);
    const now = nowSeconds();
    let group: ItemGroupEntity | null;
    if (dto.id > 0) {
      group = await this.groups.updateOwn(caller.uid, dto.id, { group_name: dto.group_name, item_ids: dto.item_ids, updated_at: now });
      if (!group) throw AppError.failed('item_group_not_found');
    } else {
      const mine = await this.groups.ofUser(caller.uid);
      if (mine.length >= ITEM_GROUPS_MAX) throw AppError.failed('item_group_limit', { max: ITEM_GROUPS_MAX });
      const last = mine.reduce((max, g) => Math.max(max, g.s_number), 0);
      group = await this.groups.create({ uid: caller.uid, group_name: dto.group_name, item_ids: dto.item_ids, s_number: last + 1, created_at: now, updated_at: now });
    }
    const { uid: _uid, ...row } = toItemGroupRow(group);
    return row;
  }

  async delete(caller: Caller, dto: DeleteItemGroupDto): Promise<1> {
    requireLogin(caller);
    if ((await this.groups.deleteOwn(caller.uid, dto.id)) === 0) throw AppError.failed('item_group_not_found');
    return 1;
  }

  /** New positions for some of my groups; ids that are not mine are skipped, as ShowDoc does. */
  async saveSort(caller: Caller, dto: SortItemGroupsDto): Promise<never[]> {
    requireLogin(caller);
    for (const entry of dto.groups) await this.groups.setPosition(caller.uid, entry.id, entry.s_number);
    return [];
  }

  /** The item ids of one of the caller's groups, or null when it is not theirs (`item/myList`'s `item_group_id`). */
  async itemIds(caller: Caller, groupId: number): Promise<Set<number> | null> {
    const group = caller.uid > 0 ? await this.groups.findOwn(caller.uid, groupId) : null;
    return group ? new Set(group.item_ids) : null;
  }
}

function toItemGroupRow(group: ItemGroupEntity): ItemGroupRow {
  return {
    id: group.id,
    uid: group.uid,
    group_name: escapeHtml(group.group_name),
    item_ids: group.item_ids.join(','),
    s_number: group.s_number,
    created_at: formatTime(group.created_at),
    updated_at: formatTime(group.updated_at),
  };
}
