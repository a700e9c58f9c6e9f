import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ApiPagesBatch, ApiPagesSchema, type AppliedApiResync, ApplyApiResyncSchema, type Incoming, parseParams, requireImporter, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ApiResyncPagesService } from './api-resync-pages.service';

/** Internal subjects of an API re-sync (no gateway route reaches them). */
@Controller()
export class ApiResyncPagesController {
  constructor(private readonly resync: ApiResyncPagesService) {}

  @Handles(Subject.PageImportApiPages)
  pages(@Payload() message: Incoming<typeof Subject.PageImportApiPages>): Promise<ApiPagesBatch> {
    requireImporter(message.caller);
    return this.resync.list(parseParams(ApiPagesSchema, message.params));
  }

  @Handles(Subject.PageImportApiResync)
  apply(@Payload() message: Incoming<typeof Subject.PageImportApiResync>): Promise<AppliedApiResync> {
    requireImporter(message.caller);
    return this.resync.apply(parseParams(ApplyApiResyncSchema, message.params));
  }
}
