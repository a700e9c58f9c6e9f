import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImportApiOperationsSchema, type ImportedMove, ImportContentsSchema, ImportMoveSchema, type Incoming, parseParams, requireImporter, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MarkdownPagesService } from './markdown-pages.service';

/** Internal subjects of the Markdown zip and API imports (no gateway route reaches them). */
@Controller()
export class MarkdownPagesController {
  constructor(private readonly markdown: MarkdownPagesService) {}

  @Handles(Subject.PageImportContents)
  contents(@Payload() message: Incoming<typeof Subject.PageImportContents>): Promise<{ pages: number }> {
    requireImporter(message.caller);
    return this.markdown.contents(parseParams(ImportContentsSchema, message.params));
  }

  @Handles(Subject.PageImportApiOperations)
  apiOperations(@Payload() message: Incoming<typeof Subject.PageImportApiOperations>): Promise<{ pages: number }> {
    requireImporter(message.caller);
    return this.markdown.apiOperations(parseParams(ImportApiOperationsSchema, message.params));
  }

  @Handles(Subject.PageImportMove)
  move(@Payload() message: Incoming<typeof Subject.PageImportMove>): Promise<ImportedMove> {
    requireImporter(message.caller);
    return this.markdown.move(parseParams(ImportMoveSchema, message.params));
  }
}
