import { Inject, Injectable } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { ChangeFeed, DuplicateKeyError, QUIRE_CONFIG } from '@quire/platform';
import {
  ACTIVITY_TOPIC,
  activityOf,
  type ChangeTopics,
  AppError,
  type Caller,
  type Count,
  ErrorCode,
  escapeHtml,
  formatTime,
  MemberGroup,
  nowSeconds,
  requireAdmin,
  type SaveTeamMemberDto,
  type TeamMemberListEntry,
  type TeamMemberRow,
  type TeamSyncDirectoryDto,
  type TeamSyncResult,
  translate,
} from '@quire/proto';
import { AuthClient } from '../clients/auth.client';
import { NoticeClient } from '../clients/notice.client';
import { SearchChanges } from '../search/search-changes';
import { TeamItemMemberRepository } from '../team-item-member/team-item-member.repository';
import { TeamItemRepository } from '../team-item/team-item.repository';
import { TeamChanges } from '../team/team-changes';
import { TeamOwnershipService } from '../team/team-ownership.service';
import { TeamRepository } from '../team/team.repository';
import { TeamService } from '../team/team.service';
import type { TeamMemberEntity } from './team-member.entity';
import { TeamMemberRepository } from './team-member.repository';

/**
 * Team members (contract §9.8 teamMember/*), managed by the team owner. A new member gets a
 * read-only right on every item of the team; a removed one loses them all at once.
 */
@Injectable()
export class TeamMemberService {
  constructor(
    private readonly members: TeamMemberRepository,
    private readonly items: TeamItemRepository,
    private readonly rights: TeamItemMemberRepository,
    private readonly ownership: TeamOwnershipService,
    private readonly teams: TeamService,
    private readonly teamRows: TeamRepository,
    private readonly changes: TeamChanges,
    private readonly auth: AuthClient,
    private readonly notices: NoticeClient,
    private readonly search: SearchChanges,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  /** Newest first, with each user's display name. */
  async list(caller: Caller, teamId: number): Promise<TeamMemberListEntry[]> {
    const team = await this.ownership.require(caller, teamId, ErrorCode.TeamNotOwned);
    const members = await this.members.listByTeam(team.id);
    return Promise.all(
      members.map(async (member) => {
        const user = await this.auth.findUser(caller, member.member_username);
        return { ...toTeamMemberRow(member), addtime: formatTime(member.addtime), name: escapeHtml(user?.name ?? '') };
      }),
    );
  }

  /** Adds a user by username with a right on every item of the team, in one unit; the user hears of it through a notice. */
  async save(caller: Caller, dto: SaveTeamMemberDto): Promise<TeamMemberRow> {
    const team = await this.ownership.require(caller, dto.team_id, ErrorCode.UserNotFound);
    const user = await this.auth.findUser(caller, dto.member_username.trim());
    if (!user) throw new AppError(ErrorCode.UserNotFound, 'user_not_found');
    if (user.uid === team.uid) throw AppError.failed('team_member_is_owner');
    if (await this.members.find(team.id, user.uid)) throw AppError.failed('team_member_exists');
    const { member, granted } = await this.join(team, user, nowSeconds());
    await Promise.all([
      this.search.access(granted),
      this.feed.publishAfterCommit(
        ACTIVITY_TOPIC,
        activityOf(caller, 'team.member_add', 0, { type: 'member', id: user.uid, name: user.username }, { team_id: team.id, team_name: team.team_name, items: granted.length }),
      ),
    ]);
    const language = this.config.language;
    await this.notices.send(caller, {
      to_uids: [user.uid],
      to_all: false,
      from_name: caller.username.slice(0, 64),
      notice_title: translate('notice_team_added_title', language),
      notice_content: translate('notice_team_added_content', language, {
        from: escapeHtml(caller.username),
        team: `<b>${escapeHtml(team.team_name)}</b>`,
      }),
    });
    return toTeamMemberRow(member);
  }

  /** Removes a member of a team I own with the rights the team gave them, in one unit. */
  async delete(caller: Caller, memberId: number): Promise<1> {
    const member = await this.members.findById(memberId);
    await this.ownership.require(caller, member?.team_id ?? 0, ErrorCode.TeamNotOwned);
    if (!member) throw new AppError(ErrorCode.TeamNotOwned, 'team_not_owned');
    await this.leave(member);
    await Promise.all([
      this.search.access((await this.items.listByTeam(member.team_id)).map((binding) => binding.item_id)),
      this.feed.publishAfterCommit(
        ACTIVITY_TOPIC,
        activityOf(caller, 'team.member_remove', 0, { type: 'member', id: member.member_uid, name: member.member_username }, { team_id: member.team_id }),
      ),
    ]);
    return 1;
  }

  /**
   * Internal (issue 21): after a directory sign-in, user `uid` is a member of exactly the `member_of`
   * teams among the `mapped` ones: joined as `save` joins (read-only on the team's items) or removed
   * with the rights the team gave, as `delete` does. A team's owner stays its owner and is never made
   * its member; teams that no longer exist are reported as missing. No notice: the person is signing in.
   */
  async syncDirectory(caller: Caller, dto: TeamSyncDirectoryDto): Promise<TeamSyncResult> {
    const mapped = [...new Set(dto.mapped)];
    const wanted = new Set(dto.member_of);
    const [teams, current] = await Promise.all([this.teamRows.findByIds(mapped), this.members.listByUserInTeams(dto.uid, mapped)]);
    const actor = { uid: dto.uid, username: dto.username };
    const target = { type: 'member' as const, id: dto.uid, name: dto.username };
    const result: TeamSyncResult = { added: [], removed: [], missing: mapped.filter((id) => !teams.some((team) => team.id === id)) };
    for (const team of teams) {
      const member = current.find((row) => row.team_id === team.id);
      if (wanted.has(team.id) && !member && team.uid !== dto.uid) {
        const joined = await this.join(team, actor, nowSeconds()).catch((error: unknown) => {
          if (error instanceof AppError && error.key === 'team_member_exists') return null; // a sign-in beside this one joined first
          throw error;
        });
        if (!joined) continue;
        result.added.push(team.id);
        await this.search.access(joined.granted);
        await this.feed.publishAfterCommit(
          ACTIVITY_TOPIC,
          activityOf(caller, 'team.member_add', 0, target, { team_id: team.id, team_name: team.team_name, items: joined.granted.length, directory: true }, actor),
        );
      } else if (!wanted.has(team.id) && member) {
        await this.leave(member);
        result.removed.push(team.id);
        await this.search.access((await this.items.listByTeam(team.id)).map((binding) => binding.item_id));
        await this.feed.publishAfterCommit(ACTIVITY_TOPIC, activityOf(caller, 'team.member_remove', 0, target, { team_id: team.id, directory: true }, actor));
      }
    }
    return result;
  }

  /** Which of these ids are teams (the admin's LDAP group → team mapping is checked with it). */
  async existing(ids: number[]): Promise<number[]> {
    return (await this.teamRows.findByIds([...new Set(ids)])).map((team) => team.id);
  }

  /** Adds the membership, then a read-only right on every item of the team, in one unit. */
  private async join(team: { id: number }, user: { uid: number; username: string }, now: number): Promise<{ member: TeamMemberEntity; granted: number[] }> {
    const granted: number[] = [];
    const member = await this.changes.applyGranting(team.id, async () => {
      let added: TeamMemberEntity;
      try {
        added = await this.members.add({ team_id: team.id, member_uid: user.uid, member_username: user.username, addtime: now, last_update_time: now });
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw AppError.failed('team_member_exists');
        throw error;
      }
      // After the membership exists: an item assigned meanwhile sees the member, or is seen here.
      for (const binding of await this.items.listByTeam(team.id)) {
        await this.rights.grant({
          team_id: team.id,
          item_id: binding.item_id,
          member_uid: user.uid,
          member_username: user.username,
          member_group_id: MemberGroup.ReadOnly,
          now,
        });
        granted.push(binding.item_id);
      }
      return added;
    });
    return { member, granted };
  }

  /** Removes the membership with the rights the team gave, in one unit. */
  private async leave(member: TeamMemberEntity): Promise<void> {
    await this.changes.apply(async () => {
      await this.members.remove(member.id);
      await this.rights.removeByTeamAndUser(member.team_id, member.member_uid);
    });
  }

  /**
   * Internal (the administrator deleted the user): the teams they owned are deleted, and they
   * leave every other team, with the item rights those teams gave: one unit.
   */
  async forgetUser(caller: Caller, uid: number): Promise<Count> {
    requireAdmin(caller);
    const readersChanged = await this.itemsReachedThrough(uid);
    const count = await this.changes.apply(async () => {
      await this.teams.deleteOwnedBy(uid);
      const left = await this.members.removeByUser(uid);
      await this.rights.removeByUser(uid);
      return left;
    });
    await this.search.access(readersChanged);
    return { count };
  }

  /** The items whose readers change when the user goes: those the user reads through a team, and those of the teams they own. */
  private async itemsReachedThrough(uid: number): Promise<number[]> {
    const owned = await this.teamRows.listByOwner(uid);
    const [rights, bindings] = await Promise.all([this.rights.listByUser(uid), this.items.listByTeams(owned.map((team) => team.id))]);
    return [...rights, ...bindings].map((row) => row.item_id);
  }
}

function toTeamMemberRow(member: TeamMemberEntity): TeamMemberRow {
  return {
    id: member.id,
    team_id: member.team_id,
    member_uid: member.member_uid,
    member_username: escapeHtml(member.member_username),
    addtime: member.addtime,
    last_update_time: member.last_update_time,
  };
}
