import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AttachmentListEntry,
  DeleteAttachmentSchema,
  ListAttachmentsSchema,
  type Message,
  parseParams,
  type Reply,
  Subject,
  UploadAttachmentSchema,
  type UploadedReply,
  UploadImageSchema,
  VisitAttachmentSchema,
} from '@quire/proto';
import { AttachmentService } from './attachment.service';

@Controller()
export class AttachmentController {
  constructor(private readonly attachments: AttachmentService) {}

  @MessagePattern(Subject.PageAttachmentUploadImage)
  uploadImage(@Payload() message: Message): Promise<UploadedReply> {
    return this.attachments.uploadImage(message.caller, parseParams(UploadImageSchema, message.params));
  }

  @MessagePattern(Subject.PageAttachmentUpload)
  upload(@Payload() message: Message): Promise<Reply<never>> {
    return this.attachments.upload(message.caller, parseParams(UploadAttachmentSchema, message.params));
  }

  @MessagePattern(Subject.PageAttachmentList)
  list(@Payload() message: Message): Promise<AttachmentListEntry[]> {
    return this.attachments.list(message.caller, parseParams(ListAttachmentsSchema, message.params));
  }

  @MessagePattern(Subject.PageAttachmentDelete)
  delete(@Payload() message: Message): Promise<never[]> {
    return this.attachments.delete(message.caller, parseParams(DeleteAttachmentSchema, message.params));
  }

  @MessagePattern(Subject.PageAttachmentVisit)
  visit(@Payload() message: Message): Promise<Reply<never>> {
    return this.attachments.visit(message.caller, parseParams(VisitAttachmentSchema, message.params));
  }
}
