import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportedMarkdown, ImportMarkdownSchema, type Incoming, parseParams, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MarkdownImportService } from './markdown-import.service';

/** `import/auto`: a zip of Markdown files becomes an item. */
@Controller()
export class MarkdownImportController {
  constructor(private readonly markdown: MarkdownImportService) {}

  @Handles(Subject.ImportMarkdownAuto)
  importZip(@Payload() message: Incoming<typeof Subject.ImportMarkdownAuto>): Promise<ImportedMarkdown> {
    return this.markdown.importZip(message.caller, parseParams(ImportMarkdownSchema, message.params));
  }
}
