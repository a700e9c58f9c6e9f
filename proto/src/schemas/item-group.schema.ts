import { z } from 'zod';
import { integer, requiredText, text } from '../validation';

/**
 * Item groups (ShowDoc 3.x `itemGroup/*`): a user's own named groups of items, shown as tabs over
 * the item list. Owned by the item service; nobody sees or changes another user's groups.
 */

export const ITEM_GROUP_NAME_MAX = 100;
/** The most groups one user keeps. */
export const ITEM_GROUPS_MAX = 100;
/** The most items one group names. */
export const ITEM_GROUP_ITEMS_MAX = 1000;
/** Longest `item_ids` text (comma-separated ids) and `groups` text (`itemGroup/saveSort`'s JSON). */
const ITEM_IDS_TEXT_MAX = 20_000;
const GROUPS_TEXT_MAX = 20_000;

const optionalId = () => integer(0).pipe(z.number().min(0));
const requiredId = () => integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));

/** `item_ids` as ShowDoc's client sends it: `"3,5,8"` (an empty text: no items). */
const itemIdList = () =>
  text()
    .pipe(z.string().max(ITEM_IDS_TEXT_MAX))
    .transform((value, context) => {
      const parts = value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      if (parts.some((part) => !/^[1-9][0-9]{0,15}$/.test(part))) {
        context.addIssue({ code: 'custom', message: 'item_group_item_ids_invalid' });
        return z.NEVER;
      }
      const ids = [...new Set(parts.map(Number))];
      if (ids.length > ITEM_GROUP_ITEMS_MAX) {
        context.addIssue({ code: 'custom', message: 'item_group_too_many_items' });
        return z.NEVER;
      }
      return ids;
    });

/** `itemGroup/save`: a new group (`id` 0 or absent) or a rename / new item list of one of mine. */
export const SaveItemGroupSchema = z.object({
  id: optionalId(),
  group_name: requiredText({ trim: true }).pipe(z.string().max(ITEM_GROUP_NAME_MAX)),
  item_ids: itemIdList(),
});
export type SaveItemGroupDto = z.output<typeof SaveItemGroupSchema>;

/** `itemGroup/delete`. */
export const DeleteItemGroupSchema = z.object({ id: requiredId() });
export type DeleteItemGroupDto = z.output<typeof DeleteItemGroupSchema>;

/** One entry of `itemGroup/saveSort`'s `groups` JSON: `[{"id":3,"s_number":1}, …]`. */
const GroupPositionSchema = z.object({ id: integer(0), s_number: integer(0) });

/** `itemGroup/saveSort`: `groups` is JSON text, as ShowDoc's client sends it (HTML-escaped quotes are accepted too). */
export const SortItemGroupsSchema = z.object({
  groups: requiredText()
    .pipe(z.string().max(GROUPS_TEXT_MAX))
    .transform((value, context) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value.replace(/&quot;/g, '"'));
      } catch {
        parsed = undefined;
      }
      const result = z.array(GroupPositionSchema).max(ITEM_GROUPS_MAX).safeParse(parsed);
      if (!result.success) {
        context.addIssue({ code: 'custom', message: 'item_group_sort_invalid' });
        return z.NEVER;
      }
      return result.data.filter((entry) => entry.id > 0);
    }),
});
export type SortItemGroupsDto = z.output<typeof SortItemGroupsSchema>;

/**
 * An item group as ShowDoc 3.9 answers it (`item_group` row without `uid` in `itemGroup/save`):
 * `item_ids` comma-separated, times formatted `YYYY-MM-DD HH:MM:SS`, name HTML-escaped.
 */
export interface ItemGroupRow {
  id: number;
  uid: number;
  group_name: string;
  item_ids: string;
  s_number: number;
  created_at: string;
  updated_at: string;
}

/** `itemGroup/save` answers the row without `uid` (ShowDoc 3.9). */
export type SavedItemGroup = Omit<ItemGroupRow, 'uid'>;

/** `item/myList` with `item_group_id` > 0: only the items of that group of mine. */
export const MyItemListSchema = z.object({ item_group_id: integer(0) });
export type MyItemListDto = z.output<typeof MyItemListSchema>;

/**
 * `agent/config` (ShowDoc 3.9's AI assistant): Quire has no AI service, so it answers ShowDoc's
 * "not enabled" shape for a readable item (or the caller's global session when `item_id` is 0).
 */
export const AgentConfigSchema = z.object({ item_id: integer(0) });
export type AgentConfigDto = z.output<typeof AgentConfigSchema>;

export interface AgentConfig {
  enabled: false;
  welcome_message: '';
  can_edit: false;
  item_type: number;
  is_guest: boolean;
  dialog_collapsed: 1;
}
