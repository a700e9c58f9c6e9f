import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ExportContent, type ExportOutline, type ExportTargetDto, type QuireContracts, type ResolvedAttachment, Subject } from '@quire/proto';

/** What the export service asks the page service, on behalf of the original caller. */
@Injectable()
export class PageClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  outline(caller: Caller, target: ExportTargetDto): Promise<ExportOutline> {
    return this.transport.send(Subject.PageExportOutline, { caller, params: { item_id: target.item_id, cat_id: target.cat_id } });
  }

  content(caller: Caller, itemId: number, pageIds: number[], start: number): Promise<ExportContent> {
    return this.transport.send(Subject.PageExportContent, { caller, params: { item_id: itemId, page_ids: pageIds, start } });
  }

  resolveAttachments(caller: Caller, signs: string[]): Promise<ResolvedAttachment[]> {
    return this.transport.send(Subject.PageAttachmentResolve, { caller, params: { signs } });
  }
}
