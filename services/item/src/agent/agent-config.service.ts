import { Injectable } from '@nestjs/common';
import { type AgentConfig, type AgentConfigDto, AppError, type Caller, ErrorCode } from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';

/**
 * `agent/config`: ShowDoc 3.9 asks it for every item it shows, to decide whether its AI assistant
 * appears. Quire has no AI service, so the answer is ShowDoc's own "not enabled" shape, after the
 * same checks (a guest's global session needs a login, an item needs the visit right).
 */
@Injectable()
export class AgentConfigService {
  constructor(private readonly access: ItemAccessService) {}

  async config(caller: Caller, dto: AgentConfigDto): Promise<AgentConfig> {
    const guest = !(caller.uid > 0);
    let itemType = 0;
    if (dto.item_id > 0) {
      const item = await this.access.check(caller, dto.item_id);
      if (!item.exists) throw AppError.failed('item_not_exist');
      if (!item.visit) throw new AppError(ErrorCode.NotCreator, 'item_visit_password_required');
      itemType = item.item_type;
    } else if (guest) {
      throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    }
    return { enabled: false, welcome_message: '', can_edit: false, item_type: itemType, is_guest: guest, dialog_collapsed: 1 };
  }
}
