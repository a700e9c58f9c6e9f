import { paths } from '../../../config/paths';
import type { SearchHit } from '../api/search-pages';

/** A hit opens its page in the item reader; inside one item, under the key its address already uses (its domain). */
export const hitHref = (hit: SearchHit, itemKey?: string) => paths.itemView.getHref(itemKey ?? hit.item_id, hit.page_id);

/** The element id of a hit's option in the listbox `listId` (the field's `aria-activedescendant`). */
export const hitOptionId = (listId: string, index: number) => `${listId}-${index}`;
