import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AttachmentListEntry,
  DeleteAttachmentSchema,
  type Incoming,
  ListAttachmentsSchema,
  parseParams,
  type Reply,
  Subject,
  UploadAttachmentSchema,
  type UploadedReply,
  UploadImageSchema,
  VisitAttachmentSchema,
} from '@quire/proto';
import { Handles } from '../handles';
import { AttachmentService } from './attachment.service';

@Controller()
export class AttachmentController {
  constructor(private readonly attachments: AttachmentService) {}

  @Handles(Subject.PageAttachmentUploadImage)
  uploadImage(@Payload() message: Incoming<typeof Subject.PageAttachmentUploadImage>): Promise<UploadedReply> {
    return this.attachments.uploadImage(message.caller, parseParams(UploadImageSchema, message.params));
  }

  @Handles(Subject.PageAttachmentUpload)
  upload(@Payload() message: Incoming<typeof Subject.PageAttachmentUpload>): Promise<Reply<never>> {
    return this.attachments.upload(message.caller, parseParams(UploadAttachmentSchema, message.params));
  }

  @Handles(Subject.PageAttachmentList)
  list(@Payload() message: Incoming<typeof Subject.PageAttachmentList>): Promise<AttachmentListEntry[]> {
    return this.attachments.list(message.caller, parseParams(ListAttachmentsSchema, message.params));
  }

  @Handles(Subject.PageAttachmentDelete)
  delete(@Payload() message: Incoming<typeof Subject.PageAttachmentDelete>): Promise<never[]> {
    return this.attachments.delete(message.caller, parseParams(DeleteAttachmentSchema, message.params));
  }

  @Handles(Subject.PageAttachmentVisit)
  visit(@Payload() message: Incoming<typeof Subject.PageAttachmentVisit>): Promise<Reply<never>> {
    return this.attachments.visit(message.caller, parseParams(VisitAttachmentSchema, message.params));
  }
}
