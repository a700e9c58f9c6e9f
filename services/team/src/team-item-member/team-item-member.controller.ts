import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, parseParams, SaveTeamItemMemberSchema, Subject, type TeamItemMemberEntry, TeamItemPairSchema } from '@quire/proto';
import { Handles } from '../handles';
import { TeamItemMemberService } from './team-item-member.service';

@Controller()
export class TeamItemMemberController {
  constructor(private readonly rights: TeamItemMemberService) {}

  @Handles(Subject.TeamItemMemberList)
  list(@Payload() message: Incoming<typeof Subject.TeamItemMemberList>): Promise<TeamItemMemberEntry[]> {
    return this.rights.list(message.caller, parseParams(TeamItemPairSchema, message.params));
  }

  @Handles(Subject.TeamItemMemberSave)
  save(@Payload() message: Incoming<typeof Subject.TeamItemMemberSave>): Promise<0 | 1> {
    return this.rights.save(message.caller, parseParams(SaveTeamItemMemberSchema, message.params));
  }
}
