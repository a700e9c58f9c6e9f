import { apiRequest } from '../../../lib/api-client';

/** `item/sort`: `data` is a JSON map of item_id to its position, 1..n. */
export function sortItems(order: number[]): Promise<unknown> {
  const data = Object.fromEntries(order.map((itemId, index) => [String(itemId), index + 1]));
  return apiRequest('item/sort', { data: JSON.stringify(data) }, { alert: false });
}
