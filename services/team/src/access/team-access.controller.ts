import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, parseParams, Subject, TeamAccessRightsSchema, type TeamItemsOfUser, TeamItemsOfUserSchema, type TeamRights } from '@quire/proto';
import { Handles } from '../handles';
import { TeamAccessService } from './team-access.service';

/** Internal subjects the item service asks; the gateway routes no public call here. */
@Controller()
export class TeamAccessController {
  constructor(private readonly access: TeamAccessService) {}

  @Handles(Subject.TeamAccessRights)
  rights(@Payload() message: Incoming<typeof Subject.TeamAccessRights>): Promise<TeamRights> {
    const dto = parseParams(TeamAccessRightsSchema, message.params);
    return this.access.rightsOn(dto.item_id, dto.uid);
  }

  @Handles(Subject.TeamAccessItemsOfUser)
  itemsOfUser(@Payload() message: Incoming<typeof Subject.TeamAccessItemsOfUser>): Promise<TeamItemsOfUser> {
    return this.access.itemsOf(parseParams(TeamItemsOfUserSchema, message.params).uid);
  }
}
