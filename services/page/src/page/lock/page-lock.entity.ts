/** A page's edit lock (ShowDoc's `page_lock`): one per page, held by one user until `lock_to` (unix seconds). */
export interface PageLockEntity {
  id: number;
  page_id: number;
  lock_uid: number;
  lock_username: string;
  lock_to: number;
  addtime: number;
}
