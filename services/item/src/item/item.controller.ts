import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AddedItem,
  AddItemSchema,
  AttornItemSchema,
  ConfirmItemSchema,
  type Incoming,
  ItemIdSchema,
  type ItemInfoReply,
  ItemInfoSchema,
  type ItemListEntry,
  type ItemRow,
  ItemSummariesSchema,
  MyItemListSchema,
  type ItemSummary,
  parseParams,
  RenameItemSchema,
  SortItemsSchema,
  Subject,
  TouchItemSchema,
  type UnlockedItem,
  UnlockItemSchema,
  UpdateItemSchema,
} from '@quire/proto';
import { Handles } from '../handles';
import { ItemInfoService } from './item-info.service';
import { ItemService } from './item.service';
import { VisitPasswordService } from './visit-password.service';

@Controller()
export class ItemController {
  constructor(
    private readonly items: ItemService,
    private readonly infos: ItemInfoService,
    private readonly visitPasswords: VisitPasswordService,
  ) {}

  @Handles(Subject.ItemItemMyList)
  myList(@Payload() message: Incoming<typeof Subject.ItemItemMyList>): Promise<ItemListEntry[]> {
    return this.items.myList(message.caller, parseParams(MyItemListSchema, message.params));
  }

  @Handles(Subject.ItemItemAdd)
  add(@Payload() message: Incoming<typeof Subject.ItemItemAdd>): Promise<AddedItem> {
    return this.items.add(message.caller, parseParams(AddItemSchema, message.params));
  }

  @Handles(Subject.ItemItemPwd)
  pwd(@Payload() message: Incoming<typeof Subject.ItemItemPwd>): Promise<UnlockedItem> {
    return this.visitPasswords.unlock(message.caller, parseParams(UnlockItemSchema, message.params));
  }

  @Handles(Subject.ItemItemInfo)
  info(@Payload() message: Incoming<typeof Subject.ItemItemInfo>): Promise<ItemInfoReply> {
    return this.infos.info(message.caller, parseParams(ItemInfoSchema, message.params), message.versions);
  }

  @Handles(Subject.ItemItemDetail)
  detail(@Payload() message: Incoming<typeof Subject.ItemItemDetail>): Promise<ItemRow> {
    return this.items.detail(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.ItemItemUpdate)
  update(@Payload() message: Incoming<typeof Subject.ItemItemUpdate>): Promise<number> {
    return this.items.update(message.caller, parseParams(UpdateItemSchema, message.params));
  }

  @Handles(Subject.ItemItemExit)
  exit(@Payload() message: Incoming<typeof Subject.ItemItemExit>): Promise<never[]> {
    return this.items.exit(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.ItemItemSort)
  sort(@Payload() message: Incoming<typeof Subject.ItemItemSort>): Promise<never[]> {
    return this.items.sort(message.caller, parseParams(SortItemsSchema, message.params));
  }

  @Handles(Subject.ItemItemDelete)
  delete(@Payload() message: Incoming<typeof Subject.ItemItemDelete>): Promise<number> {
    return this.items.delete(message.caller, parseParams(ConfirmItemSchema, message.params));
  }

  @Handles(Subject.ItemItemArchive)
  archive(@Payload() message: Incoming<typeof Subject.ItemItemArchive>): Promise<number> {
    return this.items.archive(message.caller, parseParams(ConfirmItemSchema, message.params));
  }

  @Handles(Subject.ItemItemAttorn)
  attorn(@Payload() message: Incoming<typeof Subject.ItemItemAttorn>): Promise<ItemRow> {
    return this.items.attorn(message.caller, parseParams(AttornItemSchema, message.params));
  }

  /** Internal: a page of the item changed (`last_update_time`). */
  @Handles(Subject.ItemItemTouch)
  touch(@Payload() message: Incoming<typeof Subject.ItemItemTouch>): Promise<{ updated: boolean }> {
    return this.items.touch(parseParams(TouchItemSchema, message.params));
  }

  /** Internal: the page of a single-page item was saved under a new title. */
  @Handles(Subject.ItemItemRename)
  rename(@Payload() message: Incoming<typeof Subject.ItemItemRename>): Promise<{ updated: boolean }> {
    return this.items.rename(parseParams(RenameItemSchema, message.params));
  }

  /** Internal: live items by id, without visit passwords. */
  @Handles(Subject.ItemItemSummaries)
  summaries(@Payload() message: Incoming<typeof Subject.ItemItemSummaries>): Promise<ItemSummary[]> {
    return this.items.summaries(parseParams(ItemSummariesSchema, message.params));
  }
}
