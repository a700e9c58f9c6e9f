import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type Message, parseParams, SaveTeamItemMemberSchema, Subject, type TeamItemMemberEntry, TeamItemPairSchema } from '@quire/proto';
import { TeamItemMemberService } from './team-item-member.service';

@Controller()
export class TeamItemMemberController {
  constructor(private readonly rights: TeamItemMemberService) {}

  @MessagePattern(Subject.TeamItemMemberList)
  list(@Payload() message: Message): Promise<TeamItemMemberEntry[]> {
    return this.rights.list(message.caller, parseParams(TeamItemPairSchema, message.params));
  }

  @MessagePattern(Subject.TeamItemMemberSave)
  save(@Payload() message: Message): Promise<0 | 1> {
    return this.rights.save(message.caller, parseParams(SaveTeamItemMemberSchema, message.params));
  }
}
