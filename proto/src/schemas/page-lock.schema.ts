import { z } from 'zod';
import { integer } from '../validation';
import type { CatalogRow, TemplateListEntry } from './page.schema';

/**
 * ShowDoc 3.x calls the page service answers for ShowDoc's own web client: its edit lock
 * (`page/isLock`, `page/setLock`, Quire's `page/unlock`), the flat catalog lists of its editor
 * (`catalog/catList`, `catalog/catListName`) and `template/getMyList`.
 */

/** How long a lock lasts when `setLock` names no end (ShowDoc 3.9: 30 minutes; its client renews every 20). */
export const PAGE_LOCK_DEFAULT_SECONDS = 30 * 60;
/** The longest lock one call takes (ShowDoc's legacy default was 5 hours). */
export const PAGE_LOCK_MAX_SECONDS = 5 * 3600;

const optionalId = () => integer(0).pipe(z.number().min(0));
const requiredId = () => integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));

/** `page/isLock`: the page (ShowDoc's client also sends its item). */
export const IsPageLockedSchema = z.object({ page_id: optionalId(), item_id: optionalId() });
export type IsPageLockedDto = z.output<typeof IsPageLockedSchema>;

/**
 * `page/setLock`: `lock_to` is the unix time the lock ends (0 or absent: PAGE_LOCK_DEFAULT_SECONDS from
 * now); a time already past releases the caller's lock, which is how ShowDoc's client unlocks (`lock_to=1000`).
 */
export const SetPageLockSchema = z.object({ page_id: requiredId(), item_id: optionalId(), lock_to: integer(0).pipe(z.number().min(0)) });
export type SetPageLockDto = z.output<typeof SetPageLockSchema>;

/** `page/unlock` (Quire): releases the caller's lock on the page. */
export const UnlockPageSchema = z.object({ page_id: requiredId(), item_id: optionalId() });
export type UnlockPageDto = z.output<typeof UnlockPageSchema>;

/**
 * `page/isLock` as ShowDoc 3.9 answers it: `lock` 1 while someone holds the page, `exceed` always 0
 * (no page quota), the holder's uid and name ('' when free), `is_cur_user` 1 when the holder is the caller.
 * Quire adds `live` 1 when the holder is editing the page in the co-editor right now.
 */
export interface PageLockState {
  lock: 0 | 1;
  exceed: 0;
  lock_uid: number | '';
  lock_username: string;
  is_cur_user: 0 | 1;
  live: 0 | 1;
}

/** `page/setLock` → the lock's id (ShowDoc 3.9's `{id}`), 0 when the call released it. */
export interface PageLockSet {
  id: number;
}

/** `catalog/catList` and `catalog/catListName`: an item's catalogs, optional login (public items). */
export const ListCatalogsSchema = z.object({ item_id: optionalId() });
export type ListCatalogsDto = z.output<typeof ListCatalogsSchema>;

/** A flat catalog entry: `addtime` formatted; `catalog/catListName` writes the path into `cat_name` (`Guide/Orders/v2`). */
export interface CatalogListEntry extends Omit<CatalogRow, 'addtime'> {
  addtime: string;
}

/** `template/getMyList`: `template/getList`'s entries with ShowDoc 3.9's sharing fields (Quire shares no templates: none). */
export interface MyTemplateEntry extends TemplateListEntry {
  share_item: never[];
  share_item_count: 0;
}

/** Internal (`collab.presence.editors`): who is editing a page in the co-editor now (writers, not watchers). */
export const PageEditorsSchema = z.object({ page_id: integer(0).pipe(z.number().min(1)) });
export type PageEditorsDto = z.output<typeof PageEditorsSchema>;

export interface PageEditor {
  uid: number;
  username: string;
}
