/** A page in the recycle bin (contract §18 `recycle`). */
export interface RecycleEntity {
  id: number;
  item_id: number;
  page_id: number;
  page_title: string;
  del_by_uid: number;
  del_by_username: string;
  del_time: number;
}
