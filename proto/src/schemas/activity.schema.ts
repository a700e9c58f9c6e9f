import { z } from 'zod';
import type { Caller } from '../message';

/**
 * What people did (issue 20): each owning service publishes one `Activity` on the ChangeFeed topic
 * `activity` after the write it describes has committed (`publishAfterCommit`: a failure to publish is
 * logged and never fails or slows the action). Consumers: the audit log (`services/audit`) records every
 * one; webhooks (`services/webhook`) deliver those of `WEBHOOK_ACTIONS` to the item's and the site's hooks.
 */

/** The ChangeFeed topic activities are published on. */
export const ACTIVITY_TOPIC = 'activity';

/** The actions a webhook can subscribe to: what happens to pages, catalogs, items, members and comments. */
export const WEBHOOK_ACTIONS = [
  'page.create',
  'page.update',
  'page.delete',
  'page.restore',
  'catalog.create',
  'catalog.update',
  'catalog.delete',
  'catalog.restore',
  'item.create',
  'item.update',
  'item.transfer',
  'item.archive',
  'item.delete',
  'member.add',
  'member.update',
  'member.remove',
  'comment.create',
  'comment.delete',
] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

/** Every action recorded, as `<subject>.<verb>`: the webhooks' content actions and those of people, teams and the site. */
export const ACTIVITY_ACTIONS = [
  'user.login',
  'user.login_failed',
  'user.logout',
  'user.register',
  'user.password_change',
  'user.ldap_link',
  ...WEBHOOK_ACTIONS,
  'team.member_add',
  'team.member_remove',
  'team.item_add',
  'team.item_remove',
  'share.create',
  'share.revoke',
  'export.create',
  'import.create',
  'setting.update',
  'admin.user_add',
  'admin.user_update',
  'admin.user_delete',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What an activity was done to. */
export const ACTIVITY_TARGET_TYPES = ['user', 'page', 'catalog', 'item', 'member', 'team', 'comment', 'share_link', 'export', 'import', 'setting', 'webhook'] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

const detailValue = z.union([z.string().max(2000), z.number(), z.boolean()]);

export const ActivitySchema = z.object({
  action: z.enum(ACTIVITY_ACTIONS),
  /** Who did it: uid 0 for an anonymous visitor or a failed login (then `username` is the name tried). */
  actor: z.object({ uid: z.number().int().min(0), username: z.string().max(200), ip: z.string().max(100) }),
  /** The item it happened in; 0 for site-wide actions (logins, settings, users). */
  item_id: z.number().int().min(0),
  target: z.object({
    type: z.enum(ACTIVITY_TARGET_TYPES),
    /** The target's id as text (a page id, a share key's first characters, a setting's name). */
    id: z.string().max(200),
    /** Its name when the action happened (a page title, a username), raw text. */
    name: z.string().max(500),
  }),
  /** A few facts worth keeping (old and new owner, the member's right, the export's format…); never secrets. */
  detail: z.record(z.string().max(64), detailValue).default({}),
  /** Unix milliseconds when the action committed. */
  time: z.number().int().positive(),
});
export type Activity = z.input<typeof ActivitySchema>;
export type ActivityRecord = z.output<typeof ActivitySchema>;

/** What an activity was done to, as a publisher names it (`activityOf` clips the texts to the schema's limits). */
export interface ActivityTarget {
  type: ActivityTargetType;
  id: string | number;
  name?: string;
}

/**
 * The one way a service builds an activity: the actor is the message's caller (its uid, username and
 * address), the time is now. Texts are clipped to the schema's limits so a long title never makes a
 * consumer refuse the activity. `actor` overrides the caller's uid and name (a failed login names the
 * user tried, with uid 0).
 */
export function activityOf(
  caller: Pick<Caller, 'uid' | 'username' | 'ip'>,
  action: ActivityAction,
  itemId: number,
  target: ActivityTarget,
  detail: Record<string, string | number | boolean> = {},
  actor: { uid?: number; username?: string } = {},
): Activity {
  return {
    action,
    actor: { uid: Math.max(0, actor.uid ?? caller.uid ?? 0), username: (actor.username ?? caller.username ?? '').slice(0, 200), ip: (caller.ip ?? '').slice(0, 100) },
    item_id: Math.max(0, itemId),
    target: { type: target.type, id: String(target.id).slice(0, 200), name: (target.name ?? '').slice(0, 500) },
    detail: Object.fromEntries(Object.entries(detail).map(([key, value]) => [key.slice(0, 64), typeof value === 'string' ? value.slice(0, 2000) : value])),
    time: Date.now(),
  };
}
