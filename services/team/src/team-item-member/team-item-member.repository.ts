import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, DuplicateKeyError } from '@quire/platform';
import type { MemberGroup } from '@quire/proto';
import { AccessVersion } from '../access/access-version';
import type { TeamItemMemberEntity } from './team-item-member.entity';

export interface Grant {
  team_id: number;
  item_id: number;
  member_uid: number;
  member_username: string;
  member_group_id: MemberGroup;
  now: number;
}

/** The `team_item_members` collection: per member, per team item rights. */
@Injectable()
export class TeamItemMemberRepository implements OnModuleInit {
  private readonly rights: Collection<TeamItemMemberEntity>;

  constructor(
    private readonly store: DocumentStore,
    private readonly accessVersion: AccessVersion,
  ) {
    this.rights = store.collection<TeamItemMemberEntity>('team_item_members');
  }

  async onModuleInit(): Promise<void> {
    await this.rights.ensureIndex({ field: 'id', unique: true });
    await this.rights.ensureIndex({ field: 'right_key', unique: true });
    await this.rights.ensureIndex({ field: 'item_id' });
    await this.rights.ensureIndex({ field: 'member_uid' });
    await this.rights.ensureIndex({ field: 'team_id' });
  }

  /**
   * Gives the member a right on the team's item; a right that already exists is kept as it is.
   * Looked up first: inside a unit on MongoDB, a duplicate key aborts the whole unit.
   */
  async grant(grant: Grant): Promise<void> {
    const right_key = `${grant.team_id}:${grant.item_id}:${grant.member_uid}`;
    if (await this.rights.findOne({ right_key })) return;
    const id = await this.store.nextId('team_item_member_id');
    try {
      await this.rights.insertOne({
        id,
        team_id: grant.team_id,
        item_id: grant.item_id,
        member_group_id: grant.member_group_id,
        member_uid: grant.member_uid,
        member_username: grant.member_username,
        addtime: grant.now,
        last_update_time: grant.now,
        right_key,
      });
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    await this.accessVersion.renew();
  }

  findById(id: number): Promise<TeamItemMemberEntity | null> {
    return this.rights.findOne({ id });
  }

  /** The rights of one team on one item, oldest first. */
  listByPair(teamId: number, itemId: number): Promise<TeamItemMemberEntity[]> {
    return this.rights.find({ team_id: teamId, item_id: itemId }, { sort: { addtime: 1, id: 1 } });
  }

  listByItemAndUser(itemId: number, uid: number): Promise<TeamItemMemberEntity[]> {
    return this.rights.find({ item_id: itemId, member_uid: uid });
  }

  listByUser(uid: number): Promise<TeamItemMemberEntity[]> {
    return this.rights.find({ member_uid: uid });
  }

  setGroup(id: number, group: MemberGroup, now: number): Promise<number> {
    return this.accessVersion.renewAfter(this.rights.updateOne({ id }, { $set: { member_group_id: group, last_update_time: now } }));
  }

  removeByPair(teamId: number, itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.rights.deleteMany({ team_id: teamId, item_id: itemId }));
  }

  removeByTeamAndUser(teamId: number, uid: number): Promise<number> {
    return this.accessVersion.renewAfter(this.rights.deleteMany({ team_id: teamId, member_uid: uid }));
  }

  removeByTeam(teamId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.rights.deleteMany({ team_id: teamId }));
  }

  removeByItem(itemId: number): Promise<number> {
    return this.accessVersion.renewAfter(this.rights.deleteMany({ item_id: itemId }));
  }

  removeByUser(uid: number): Promise<number> {
    return this.accessVersion.renewAfter(this.rights.deleteMany({ member_uid: uid }));
  }
}
