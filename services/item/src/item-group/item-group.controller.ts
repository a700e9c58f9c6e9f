import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeleteItemGroupSchema, type Incoming, type ItemGroupRow, parseParams, type SavedItemGroup, SaveItemGroupSchema, SortItemGroupsSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ItemGroupService } from './item-group.service';

@Controller()
export class ItemGroupController {
  constructor(private readonly groups: ItemGroupService) {}

  @Handles(Subject.ItemGroupList)
  list(@Payload() message: Incoming<typeof Subject.ItemGroupList>): Promise<ItemGroupRow[]> {
    return this.groups.list(message.caller);
  }

  @Handles(Subject.ItemGroupSave)
  save(@Payload() message: Incoming<typeof Subject.ItemGroupSave>): Promise<SavedItemGroup> {
    return this.groups.save(message.caller, parseParams(SaveItemGroupSchema, message.params));
  }

  @Handles(Subject.ItemGroupDelete)
  delete(@Payload() message: Incoming<typeof Subject.ItemGroupDelete>): Promise<1> {
    return this.groups.delete(message.caller, parseParams(DeleteItemGroupSchema, message.params));
  }

  @Handles(Subject.ItemGroupSaveSort)
  saveSort(@Payload() message: Incoming<typeof Subject.ItemGroupSaveSort>): Promise<never[]> {
    return this.groups.saveSort(message.caller, parseParams(SortItemGroupsSchema, message.params));
  }
}
