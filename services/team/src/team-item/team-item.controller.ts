import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type Incoming,
  type ItemTeamEntry,
  parseParams,
  Subject,
  TeamIdSchema,
  type TeamItemByTeamEntry,
  TeamItemListSchema,
  TeamItemPairSchema,
  TeamItemPurgeSchema,
  type TeamItemRow,
  TeamRowIdSchema,
} from '@quire/proto';
import { Handles } from '../handles';
import { TeamItemService } from './team-item.service';

@Controller()
export class TeamItemController {
  constructor(private readonly teamItems: TeamItemService) {}

  @Handles(Subject.TeamItemList)
  list(@Payload() message: Incoming<typeof Subject.TeamItemList>): Promise<ItemTeamEntry[]> {
    return this.teamItems.listByItem(message.caller, parseParams(TeamItemListSchema, message.params).item_id);
  }

  @Handles(Subject.TeamItemSave)
  save(@Payload() message: Incoming<typeof Subject.TeamItemSave>): Promise<TeamItemRow> {
    return this.teamItems.save(message.caller, parseParams(TeamItemPairSchema, message.params));
  }

  @Handles(Subject.TeamItemListByTeam)
  listByTeam(@Payload() message: Incoming<typeof Subject.TeamItemListByTeam>): Promise<TeamItemByTeamEntry[]> {
    return this.teamItems.listByTeam(message.caller, parseParams(TeamIdSchema, message.params).team_id);
  }

  @Handles(Subject.TeamItemDelete)
  delete(@Payload() message: Incoming<typeof Subject.TeamItemDelete>): Promise<1> {
    return this.teamItems.delete(message.caller, parseParams(TeamRowIdSchema, message.params).id);
  }

  /** Internal: a purged item leaves every team. */
  @Handles(Subject.TeamItemPurge)
  purge(@Payload() message: Incoming<typeof Subject.TeamItemPurge>): Promise<{ removed: number }> {
    return this.teamItems.purgeItem(parseParams(TeamItemPurgeSchema, message.params).item_id);
  }
}
