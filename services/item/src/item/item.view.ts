import { escapeHtml, type ItemListEntry, type ItemRow, type ItemSummary } from '@quire/proto';
import type { ItemEntity } from './item.entity';

/** The full row (`item/detail`, `item/attorn`): text escaped, the visit password as typed. */
export function toItemRow(item: ItemEntity): ItemRow {
  return {
    item_id: item.item_id,
    item_name: escapeHtml(item.item_name),
    item_description: escapeHtml(item.item_description),
    uid: item.uid,
    username: escapeHtml(item.username),
    password: item.password,
    addtime: item.addtime,
    last_update_time: item.last_update_time,
    item_domain: item.item_domain ?? '',
    item_type: item.item_type,
    is_archived: item.is_archived,
    is_del: item.is_del,
  };
}

/** An `item/myList` entry: no visit password, only whether there is one. */
export function toListEntry(item: ItemEntity, uid: number, position?: number): ItemListEntry {
  return {
    item_id: item.item_id,
    uid: item.uid,
    username: escapeHtml(item.username),
    item_name: escapeHtml(item.item_name),
    item_domain: item.item_domain ?? '',
    item_type: item.item_type,
    last_update_time: item.last_update_time,
    item_description: escapeHtml(item.item_description),
    is_del: item.is_del,
    is_archived: item.is_archived,
    is_private: item.password === '' ? 0 : 1,
    creator: item.uid === uid ? 1 : 0,
    ...(position === undefined ? {} : { s_number: position }),
  };
}

/** An item as other services may show it (`item.item.summaries`): no visit password, text raw. */
export function toItemSummary(item: ItemEntity): ItemSummary {
  return {
    item_id: item.item_id,
    item_name: item.item_name,
    item_description: item.item_description,
    uid: item.uid,
    username: item.username,
    item_domain: item.item_domain ?? '',
    item_type: item.item_type,
    addtime: item.addtime,
    last_update_time: item.last_update_time,
    is_archived: item.is_archived,
    is_private: item.password === '' ? 0 : 1,
  };
}
