import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type ExportContent,
  ExportContentSchema,
  type ExportOutline,
  ExportOutlineSchema,
  type Incoming,
  parseParams,
  ResolveAttachmentsSchema,
  type ResolvedAttachment,
  Subject,
} from '@quire/proto';
import { Handles } from '../handles';
import { PageExportService } from './page-export.service';

/** Internal subjects the export service reads an item through. */
@Controller()
export class PageExportController {
  constructor(private readonly exports: PageExportService) {}

  @Handles(Subject.PageExportOutline)
  outline(@Payload() message: Incoming<typeof Subject.PageExportOutline>): Promise<ExportOutline> {
    return this.exports.outline(message.caller, parseParams(ExportOutlineSchema, message.params));
  }

  @Handles(Subject.PageExportContent)
  content(@Payload() message: Incoming<typeof Subject.PageExportContent>): Promise<ExportContent> {
    return this.exports.content(message.caller, parseParams(ExportContentSchema, message.params));
  }

  @Handles(Subject.PageAttachmentResolve)
  resolve(@Payload() message: Incoming<typeof Subject.PageAttachmentResolve>): Promise<ResolvedAttachment[]> {
    return this.exports.resolve(message.caller, parseParams(ResolveAttachmentsSchema, message.params));
  }
}
