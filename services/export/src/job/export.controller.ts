import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ExportJobIdSchema,
  type ExportStatus,
  ExportTargetSchema,
  type Message,
  parseParams,
  type Reply,
  type StartedExport,
  StartExportSchema,
  Subject,
} from '@quire/proto';
import { ExportJobService } from './export-job.service';

@Controller()
export class ExportController {
  constructor(private readonly exports: ExportJobService) {}

  /** `GET /api/export/word?item_id=&cat_id=`: the .docx as a download, once its job is done. */
  @MessagePattern(Subject.ExportWordExport)
  word(@Payload() message: Message): Promise<Reply<never>> {
    return this.exports.exportNow(message.caller, parseParams(ExportTargetSchema, message.params), 'word');
  }

  /** `export/markdown`: the item as a zip of Markdown files, once its job is done. */
  @MessagePattern(Subject.ExportMarkdownExport)
  markdown(@Payload() message: Message): Promise<Reply<never>> {
    return this.exports.exportNow(message.caller, parseParams(ExportTargetSchema, message.params), 'markdown');
  }

  @MessagePattern(Subject.ExportJobStart)
  start(@Payload() message: Message): Promise<StartedExport> {
    return this.exports.start(message.caller, parseParams(StartExportSchema, message.params));
  }

  @MessagePattern(Subject.ExportJobStatus)
  status(@Payload() message: Message): Promise<ExportStatus> {
    return this.exports.status(message.caller, parseParams(ExportJobIdSchema, message.params));
  }

  @MessagePattern(Subject.ExportJobDownload)
  download(@Payload() message: Message): Promise<Reply<never>> {
    return this.exports.download(message.caller, parseParams(ExportJobIdSchema, message.params));
  }
}
