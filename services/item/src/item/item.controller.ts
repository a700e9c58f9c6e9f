import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AddedItem,
  AddItemSchema,
  AttornItemSchema,
  ConfirmItemSchema,
  ItemIdSchema,
  ItemInfoSchema,
  type ItemListEntry,
  type ItemRow,
  ItemSummariesSchema,
  type ItemSummary,
  type Message,
  parseParams,
  RenameItemSchema,
  SortItemsSchema,
  Subject,
  TouchItemSchema,
  UnlockItemSchema,
  UpdateItemSchema,
} from '@quire/proto';
import { ItemInfoService, type ItemInfoReply } from './item-info.service';
import { ItemService } from './item.service';
import { type UnlockedItem, VisitPasswordService } from './visit-password.service';

@Controller()
export class ItemController {
  constructor(
    private readonly items: ItemService,
    private readonly infos: ItemInfoService,
    private readonly visitPasswords: VisitPasswordService,
  ) {}

  @MessagePattern(Subject.ItemItemMyList)
  myList(@Payload() message: Message): Promise<ItemListEntry[]> {
    return this.items.myList(message.caller);
  }

  @MessagePattern(Subject.ItemItemAdd)
  add(@Payload() message: Message): Promise<AddedItem> {
    return this.items.add(message.caller, parseParams(AddItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemItemPwd)
  pwd(@Payload() message: Message): Promise<UnlockedItem> {
    return this.visitPasswords.unlock(message.caller, parseParams(UnlockItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemItemInfo)
  info(@Payload() message: Message): Promise<ItemInfoReply> {
    return this.infos.info(message.caller, parseParams(ItemInfoSchema, message.params), message.versions);
  }

  @MessagePattern(Subject.ItemItemDetail)
  detail(@Payload() message: Message): Promise<ItemRow> {
    return this.items.detail(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @MessagePattern(Subject.ItemItemUpdate)
  update(@Payload() message: Message): Promise<number> {
    return this.items.update(message.caller, parseParams(UpdateItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemItemExit)
  exit(@Payload() message: Message): Promise<never[]> {
    return this.items.exit(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @MessagePattern(Subject.ItemItemSort)
  sort(@Payload() message: Message): Promise<never[]> {
    return this.items.sort(message.caller, parseParams(SortItemsSchema, message.params));
  }

  @MessagePattern(Subject.ItemItemDelete)
  delete(@Payload() message: Message): Promise<number> {
    return this.items.delete(message.caller, parseParams(ConfirmItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemItemArchive)
  archive(@Payload() message: Message): Promise<number> {
    return this.items.archive(message.caller, parseParams(ConfirmItemSchema, message.params));
  }

  @MessagePattern(Subject.ItemItemAttorn)
  attorn(@Payload() message: Message): Promise<ItemRow> {
    return this.items.attorn(message.caller, parseParams(AttornItemSchema, message.params));
  }

  /** Internal: a page of the item changed (`last_update_time`). */
  @MessagePattern(Subject.ItemItemTouch)
  touch(@Payload() message: Message): Promise<{ updated: boolean }> {
    return this.items.touch(parseParams(TouchItemSchema, message.params));
  }

  /** Internal: the page of a single-page item was saved under a new title. */
  @MessagePattern(Subject.ItemItemRename)
  rename(@Payload() message: Message): Promise<{ updated: boolean }> {
    return this.items.rename(parseParams(RenameItemSchema, message.params));
  }

  /** Internal: live items by id, without visit passwords. */
  @MessagePattern(Subject.ItemItemSummaries)
  summaries(@Payload() message: Message): Promise<ItemSummary[]> {
    return this.items.summaries(parseParams(ItemSummariesSchema, message.params));
  }
}
