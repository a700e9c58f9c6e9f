import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type Count,
  type Message,
  parseParams,
  SaveTeamMemberSchema,
  Subject,
  TeamForgetUserSchema,
  TeamIdSchema,
  type TeamMemberListEntry,
  type TeamMemberRow,
  TeamRowIdSchema,
} from '@quire/proto';
import { TeamMemberService } from './team-member.service';

@Controller()
export class TeamMemberController {
  constructor(private readonly members: TeamMemberService) {}

  @MessagePattern(Subject.TeamMemberList)
  list(@Payload() message: Message): Promise<TeamMemberListEntry[]> {
    return this.members.list(message.caller, parseParams(TeamIdSchema, message.params).team_id);
  }

  @MessagePattern(Subject.TeamMemberSave)
  save(@Payload() message: Message): Promise<TeamMemberRow> {
    return this.members.save(message.caller, parseParams(SaveTeamMemberSchema, message.params));
  }

  @MessagePattern(Subject.TeamMemberDelete)
  delete(@Payload() message: Message): Promise<1> {
    return this.members.delete(message.caller, parseParams(TeamRowIdSchema, message.params).id);
  }

  /** Internal: the administrator deleted user `uid`. */
  @MessagePattern(Subject.TeamMemberForgetUser)
  forgetUser(@Payload() message: Message): Promise<Count> {
    return this.members.forgetUser(message.caller, parseParams(TeamForgetUserSchema, message.params).uid);
  }
}
