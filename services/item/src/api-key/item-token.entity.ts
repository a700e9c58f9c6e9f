/** An item's open-API credentials (contract §18 `item_token`). */
export interface ItemTokenEntity {
  id: number;
  item_id: number;
  api_key: string;
  api_token: string;
  addtime: number;
  last_check_time: number;
}
