import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DeleteMemberSchema,
  ItemIdSchema,
  type MemberListEntry,
  type MemberRow,
  type Message,
  parseParams,
  SaveMemberSchema,
  Subject,
} from '@quire/proto';
import { MemberService } from './member.service';

@Controller()
export class MemberController {
  constructor(private readonly members: MemberService) {}

  @MessagePattern(Subject.ItemMemberList)
  list(@Payload() message: Message): Promise<MemberListEntry[]> {
    return this.members.list(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @MessagePattern(Subject.ItemMemberSave)
  save(@Payload() message: Message): Promise<MemberRow> {
    return this.members.save(message.caller, parseParams(SaveMemberSchema, message.params));
  }

  @MessagePattern(Subject.ItemMemberDelete)
  delete(@Payload() message: Message): Promise<1> {
    return this.members.delete(message.caller, parseParams(DeleteMemberSchema, message.params));
  }
}
