import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type ExportContent,
  ExportContentSchema,
  type ExportOutline,
  ExportOutlineSchema,
  type Message,
  parseParams,
  ResolveAttachmentsSchema,
  type ResolvedAttachment,
  Subject,
} from '@quire/proto';
import { PageExportService } from './page-export.service';

/** Internal subjects the export service reads an item through. */
@Controller()
export class PageExportController {
  constructor(private readonly exports: PageExportService) {}

  @MessagePattern(Subject.PageExportOutline)
  outline(@Payload() message: Message): Promise<ExportOutline> {
    return this.exports.outline(message.caller, parseParams(ExportOutlineSchema, message.params));
  }

  @MessagePattern(Subject.PageExportContent)
  content(@Payload() message: Message): Promise<ExportContent> {
    return this.exports.content(message.caller, parseParams(ExportContentSchema, message.params));
  }

  @MessagePattern(Subject.PageAttachmentResolve)
  resolve(@Payload() message: Message): Promise<ResolvedAttachment[]> {
    return this.exports.resolve(message.caller, parseParams(ResolveAttachmentsSchema, message.params));
  }
}
