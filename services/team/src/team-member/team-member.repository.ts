import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { AccessVersion } from '../access/access-version';
import type { TeamMemberEntity } from './team-member.entity';

export type NewTeamMember = Omit<TeamMemberEntity, 'id' | 'member_key'>;

/** The `team_members` collection. */
@Injectable()
export class TeamMemberRepository implements OnModuleInit {
  private readonly members: Collection<TeamMemberEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly accessVersion: AccessVersion,
  ) {
    this.members = store.collection<TeamMemberEntity>('team_members');
  }

  async onModuleInit(): Promise<void> {
    await this.members.ensureIndex({ field: 'id', unique: true });
    await this.members.ensureIndex({ field: 'member_key', unique: true });
    await this.members.ensureIndex({ field: 'team_id' });
    await this.members.ensureIndex({ field: 'member_uid' });
  }

  /** Rejects with DuplicateKeyError when the user is already a member of the team. */
  async add(member: NewTeamMember): Promise<TeamMemberEntity> {
    const id = await this.store.nextId('team_member_id');
    return this.accessVersion.renewAfter(this.members.insertOne({ id, ...member, member_key: `${member.team_id}:${member.member_uid}` }));
  }

  findById(id: number): Promise<TeamMemberEntity | null> {
    return this.members.findOne({ id });
  }

  find(teamId: number, uid: number): Promise<TeamMemberEntity | null> {
    return this.members.findOne({ team_id: teamId, member_uid: uid });
  }

  /** Newest first (`teamMember/getList` order). */
  listByTeam(teamId: number): Promise<TeamMemberEntity[]> {
    return this.members.find({ team_id: teamId }, { sort: { addtime: -1, id: -1 } });
  }

  /** The user's memberships among the given teams. */
  listByUserInTeams(uid: number, teamIds: number[]): Promise<TeamMemberEntity[]> {
    return teamIds.length === 0 ? Promise.resolve([]) : this.members.find({ member_uid: uid, team_id: { $in: teamIds } });
  }

  countByTeam(teamId: number): Promise<number> {
    return this.members.count({ team_id: teamId });
  }

  remove(id: number): Promise<number> {
    return this.accessVersion.renewAfter(this.members.deleteOne({ id }));
  }

  removeByTeam(teamId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.members.deleteMany({ team_id: teamId }));
  }

  removeByUser(uid: number): Promise<number> {
    return this.accessVersion.renewAfter(this.members.deleteMany({ member_uid: uid }));
  }
}
