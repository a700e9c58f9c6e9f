import type { ActivityAction, ActivityTargetType } from '@quire/proto';

/** One recorded activity (collection `audit_entries`): written once, never changed, removed only by the retention sweep. */
export interface AuditEntryEntity {
  /**
   * The change it came from: a hash of its sequence in the feed and its payload. Unique, so the replicas of the
   * audit service (each follows the whole feed) record a change once between them, and a replay records nothing twice.
   */
  entry_key: string;
  /** Its sequence in the ChangeFeed, where a restarted replica picks up. */
  seq: number;
  action: ActivityAction;
  actor_uid: number;
  actor_username: string;
  /** `actor_username` lower-cased: the actor filter is exact and case-insensitive, on an index. */
  actor_key: string;
  ip: string;
  item_id: number;
  target_type: ActivityTargetType;
  target_id: string;
  target_name: string;
  detail: Record<string, string | number | boolean>;
  /** Unix milliseconds when the action committed. */
  time: number;
}
