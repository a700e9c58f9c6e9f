import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Count,
  type Incoming,
  parseParams,
  SaveTeamMemberSchema,
  Subject,
  TeamForgetUserSchema,
  TeamIdSchema,
  type TeamMemberListEntry,
  type TeamMemberRow,
  TeamRowIdSchema,
  TeamExistingSchema,
  type TeamIds,
  TeamSyncDirectorySchema,
  type TeamSyncResult,
} from '@quire/proto';
import { Handles } from '../handles';
import { TeamMemberService } from './team-member.service';

@Controller()
export class TeamMemberController {
  constructor(private readonly members: TeamMemberService) {}

  @Handles(Subject.TeamMemberList)
  list(@Payload() message: Incoming<typeof Subject.TeamMemberList>): Promise<TeamMemberListEntry[]> {
    return this.members.list(message.caller, parseParams(TeamIdSchema, message.params).team_id);
  }

  @Handles(Subject.TeamMemberSave)
  save(@Payload() message: Incoming<typeof Subject.TeamMemberSave>): Promise<TeamMemberRow> {
    return this.members.save(message.caller, parseParams(SaveTeamMemberSchema, message.params));
  }

  @Handles(Subject.TeamMemberDelete)
  delete(@Payload() message: Incoming<typeof Subject.TeamMemberDelete>): Promise<1> {
    return this.members.delete(message.caller, parseParams(TeamRowIdSchema, message.params).id);
  }

  /** Internal: the administrator deleted user `uid`. */
  @Handles(Subject.TeamMemberForgetUser)
  forgetUser(@Payload() message: Incoming<typeof Subject.TeamMemberForgetUser>): Promise<Count> {
    return this.members.forgetUser(message.caller, parseParams(TeamForgetUserSchema, message.params).uid);
  }

  /** Internal: a directory sign-in; membership of the LDAP-mapped teams follows the person's groups. */
  @Handles(Subject.TeamMemberSyncDirectory)
  syncDirectory(@Payload() message: Incoming<typeof Subject.TeamMemberSyncDirectory>): Promise<TeamSyncResult> {
    return this.members.syncDirectory(message.caller, parseParams(TeamSyncDirectorySchema, message.params));
  }

  /** Internal: which of these team ids exist. */
  @Handles(Subject.TeamTeamExisting)
  async existing(@Payload() message: Incoming<typeof Subject.TeamTeamExisting>): Promise<TeamIds> {
    return { team_ids: await this.members.existing(parseParams(TeamExistingSchema, message.params).team_ids) };
  }
}
