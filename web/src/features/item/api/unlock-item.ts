import { apiRequest } from '../../../lib/api-client';

export interface UnlockItemInput {
  item_id: string;
  page_id: string;
  password: string;
  v_code: string;
}

/** `item/pwd`: remembers the unlock in the session. */
export function unlockItem(input: UnlockItemInput): Promise<unknown> {
  return apiRequest('item/pwd', { ...input }, { loading: true });
}
