import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ExportJobIdSchema, type ExportStatus, ExportTargetSchema, type Incoming, parseParams, type Reply, type StartedExport, StartExportSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ExportJobService } from './export-job.service';

@Controller()
export class ExportController {
  constructor(private readonly exports: ExportJobService) {}

  /** `GET /api/export/word?item_id=&cat_id=`: the .docx as a download, once its job is done. */
  @Handles(Subject.ExportWordExport)
  word(@Payload() message: Incoming<typeof Subject.ExportWordExport>): Promise<Reply<never>> {
    return this.exports.exportNow(message.caller, parseParams(ExportTargetSchema, message.params), 'word');
  }

  /** `export/markdown`: the item as a zip of Markdown files, once its job is done. */
  @Handles(Subject.ExportMarkdownExport)
  markdown(@Payload() message: Incoming<typeof Subject.ExportMarkdownExport>): Promise<Reply<never>> {
    return this.exports.exportNow(message.caller, parseParams(ExportTargetSchema, message.params), 'markdown');
  }

  /** `GET /api/export/pdf?item_id=&cat_id=`: the PDF as a download, once its job is done. */
  @Handles(Subject.ExportPdfExport)
  pdf(@Payload() message: Incoming<typeof Subject.ExportPdfExport>): Promise<Reply<never>> {
    return this.exports.exportNow(message.caller, parseParams(ExportTargetSchema, message.params), 'pdf');
  }

  /** `GET /api/export/html?item_id=&cat_id=`: the offline HTML site as a zip, once its job is done. */
  @Handles(Subject.ExportHtmlExport)
  html(@Payload() message: Incoming<typeof Subject.ExportHtmlExport>): Promise<Reply<never>> {
    return this.exports.exportNow(message.caller, parseParams(ExportTargetSchema, message.params), 'html');
  }

  @Handles(Subject.ExportJobStart)
  start(@Payload() message: Incoming<typeof Subject.ExportJobStart>): Promise<StartedExport> {
    return this.exports.start(message.caller, parseParams(StartExportSchema, message.params));
  }

  @Handles(Subject.ExportJobStatus)
  status(@Payload() message: Incoming<typeof Subject.ExportJobStatus>): Promise<ExportStatus> {
    return this.exports.status(message.caller, parseParams(ExportJobIdSchema, message.params));
  }

  @Handles(Subject.ExportJobDownload)
  download(@Payload() message: Incoming<typeof Subject.ExportJobDownload>): Promise<Reply<never>> {
    return this.exports.download(message.caller, parseParams(ExportJobIdSchema, message.params));
  }
}
