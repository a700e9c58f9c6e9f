import { z } from 'zod';
import { integer, text } from '../validation';
import { MemberGroup } from './item.schema';

/**
 * Cross-service contracts of the team service (asked by the item service's access check and
 * item list), then the endpoint schemas of team/*, teamMember/*, teamItem/*, teamItemMember/*.
 */

/** A required numeric id: absent, '' or 0 is 'required', a negative number 'out of range'. */
const id = () => integer(0).pipe(z.number().min(1, { error: (issue) => (issue.input === 0 ? 'param_required' : 'param_out_of_range') }));
const optionalId = () => integer(0).pipe(z.number().min(0));
const requiredTeamText = () => z.string().min(1).max(255);
const memberGroup = () => integer(MemberGroup.ReadOnly).pipe(z.literal([MemberGroup.ReadOnly, MemberGroup.Edit], { error: 'param_not_one_of' }));

/** `team.access.rights`: the right user `uid` holds on item `item_id` through the teams it is bound to. */
export const TeamAccessRightsSchema = z.object({ item_id: id(), uid: id() });
export type TeamAccessRightsDto = z.output<typeof TeamAccessRightsSchema>;

/** A team through which a user reaches an item (the [ERA] `item/exitItem` message names it). */
export interface TeamVia {
  team_id: number;
  /** Raw text. */
  team_name: string;
  /** The team owner's username, raw. */
  owner_username: string;
}

/** The strongest team right on the item (1 edit wins over 0 read-only), or null when the user has none. */
export type TeamRights = { member_group_id: MemberGroup; teams: TeamVia[] } | null;

/** `team.access.itemsOfUser`: the items user `uid` holds a team right on. */
export const TeamItemsOfUserSchema = z.object({ uid: id() });
export type TeamItemsOfUserDto = z.output<typeof TeamItemsOfUserSchema>;

export interface TeamItemsOfUser {
  item_ids: number[];
}

/** `team.item.purge`: the item was purged; its bindings and the rights they gave go. */
export const TeamItemPurgeSchema = z.object({ item_id: id() });
export type TeamItemPurgeDto = z.output<typeof TeamItemPurgeSchema>;

/** `team.member.forgetUser`: user `uid` was deleted. */
export const TeamForgetUserSchema = z.object({ uid: id() });
export type TeamForgetUserDto = z.output<typeof TeamForgetUserSchema>;

const teamIds = () => z.array(z.number().int().min(1)).max(1000);

/**
 * `team.member.syncDirectory` (issue 21): user `uid` signed in through the directory; of the teams in
 * `mapped` (those an LDAP group is mapped to) they must be a member of exactly those in `member_of`.
 */
export const TeamSyncDirectorySchema = z.object({ uid: id(), username: requiredTeamText(), mapped: teamIds(), member_of: teamIds() });
export type TeamSyncDirectoryDto = z.output<typeof TeamSyncDirectorySchema>;

/** What the sync changed; `missing` are mapped teams that no longer exist. */
export interface TeamSyncResult {
  added: number[];
  removed: number[];
  missing: number[];
}

/** `team.team.existing`: which of `team_ids` are teams. */
export const TeamExistingSchema = z.object({ team_ids: teamIds() });
export type TeamExistingDto = z.output<typeof TeamExistingSchema>;

export interface TeamIds {
  team_ids: number[];
}

/* ------------------------------------------------------------------------------------------
 * Endpoint schemas (contract §9.8, owned by the team service).
 * ---------------------------------------------------------------------------------------- */

export const TEAM_NAME_MAX = 100;
export const TEAM_USERNAME_MAX = 255;

/** `team/delete`, `teamItem/delete`, `teamMember/delete`. */
export const TeamRowIdSchema = z.object({ id: id() });
export type TeamRowIdDto = z.output<typeof TeamRowIdSchema>;

/** `team/save`: `id` 0 or absent creates, else renames. An empty name is refused by the service. */
export const SaveTeamSchema = z.object({ id: optionalId(), team_name: text().pipe(z.string().max(TEAM_NAME_MAX)) });
export type SaveTeamDto = z.output<typeof SaveTeamSchema>;

/** `teamMember/getList`, `teamItem/getListByTeam`. */
export const TeamIdSchema = z.object({ team_id: id() });
export type TeamIdDto = z.output<typeof TeamIdSchema>;

/** `teamItem/getList`. */
export const TeamItemListSchema = z.object({ item_id: id() });
export type TeamItemListDto = z.output<typeof TeamItemListSchema>;

/** `teamItem/save`, `teamItemMember/getList`. */
export const TeamItemPairSchema = z.object({ item_id: id(), team_id: id() });
export type TeamItemPairDto = z.output<typeof TeamItemPairSchema>;

/** `teamMember/save`: an empty username is an unknown user (10209), as [ERA]. */
export const SaveTeamMemberSchema = z.object({ team_id: id(), member_username: text().pipe(z.string().max(TEAM_USERNAME_MAX)) });
export type SaveTeamMemberDto = z.output<typeof SaveTeamMemberSchema>;

/** `teamItemMember/save`: `id` is the team_item_member id. */
export const SaveTeamItemMemberSchema = z.object({ id: id(), member_group_id: memberGroup() });
export type SaveTeamItemMemberDto = z.output<typeof SaveTeamItemMemberSchema>;

/** The `team` row (`team/save`; `addtime` raw, names escaped); stored as this document, text raw (TeamEntity). */
export interface TeamRow {
  id: number;
  team_name: string;
  /** The owner; the owner is not a member of the team. */
  uid: number;
  username: string;
  addtime: number;
  last_update_time: number;
}

/** A `team/getList` entry. */
export interface TeamListEntry extends Omit<TeamRow, 'addtime'> {
  addtime: string;
  memberCount: number;
  itemCount: number;
}

/** The `team_member` row (`teamMember/save`; `addtime` raw). */
export interface TeamMemberRow {
  id: number;
  team_id: number;
  member_uid: number;
  member_username: string;
  addtime: number;
  last_update_time: number;
}

/** A `teamMember/getList` entry: the row with the user's name, `addtime` formatted. */
export interface TeamMemberListEntry extends Omit<TeamMemberRow, 'addtime'> {
  addtime: string;
  name: string;
}

/** The `team_item` row (`teamItem/save`; `addtime` raw). */
export interface TeamItemRow {
  id: number;
  team_id: number;
  item_id: number;
  addtime: number;
  last_update_time: number;
}

/** A `teamItem/getList` entry: the bound team; `id` is the team_item id, `addtime` the team's, formatted. */
export interface ItemTeamEntry {
  id: number;
  team_id: number;
  item_id: number;
  team_name: string;
  uid: number;
  username: string;
  addtime: string;
  last_update_time: number;
}

/**
 * A `teamItem/getListByTeam` entry: the item (no visit password); `id` is the team_item id, `addtime` the item's
 * (as the wire has it), `join_time` when the item joined the team; both formatted.
 */
export interface TeamItemByTeamEntry {
  id: number;
  team_id: number;
  item_id: number;
  item_name: string;
  item_description: string;
  uid: number;
  username: string;
  item_domain: string;
  item_type: number;
  addtime: string;
  join_time: string;
  last_update_time: number;
  is_archived: 0 | 1;
  is_private: 0 | 1;
}

/** A `teamItemMember/getList` entry (`addtime` formatted). */
export interface TeamItemMemberEntry {
  id: number;
  team_id: number;
  item_id: number;
  member_group_id: MemberGroup;
  member_uid: number;
  member_username: string;
  addtime: string;
  last_update_time: number;
}
