import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DeleteMemberSchema, type Incoming, ItemIdSchema, type MemberListEntry, type MemberRow, parseParams, SaveMemberSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MemberService } from './member.service';

@Controller()
export class MemberController {
  constructor(private readonly members: MemberService) {}

  @Handles(Subject.ItemMemberList)
  list(@Payload() message: Incoming<typeof Subject.ItemMemberList>): Promise<MemberListEntry[]> {
    return this.members.list(message.caller, parseParams(ItemIdSchema, message.params).item_id);
  }

  @Handles(Subject.ItemMemberSave)
  save(@Payload() message: Incoming<typeof Subject.ItemMemberSave>): Promise<MemberRow> {
    return this.members.save(message.caller, parseParams(SaveMemberSchema, message.params));
  }

  @Handles(Subject.ItemMemberDelete)
  delete(@Payload() message: Incoming<typeof Subject.ItemMemberDelete>): Promise<1> {
    return this.members.delete(message.caller, parseParams(DeleteMemberSchema, message.params));
  }
}
