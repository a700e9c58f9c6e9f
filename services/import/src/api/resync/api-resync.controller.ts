import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ApiResyncHistorySchema,
  type ApiResyncJob,
  type ApiResyncPass,
  ApiResyncStatusSchema,
  type ApiResyncSummary,
  type ApiSourceInfo,
  type Incoming,
  OpenResyncApiSchema,
  parseParams,
  requireAdmin,
  ResyncApiSchema,
  Subject,
} from '@quire/proto';
import { Handles } from '../../handles';
import { ApiResyncService } from './api-resync.service';

/** Quire's `importApi/resync` (and as a job: `resyncStart`, `resyncStatus`), `importApi/history`, `importApi/sources`, `open/resyncApi` (CI) and `adminImport/apiResync` (the scheduled pass now). */
@Controller()
export class ApiResyncController {
  constructor(private readonly resync: ApiResyncService) {}

  @Handles(Subject.ImportApiResync)
  byUser(@Payload() message: Incoming<typeof Subject.ImportApiResync>): Promise<ApiResyncSummary> {
    return this.resync.resyncByUser(message.caller, parseParams(ResyncApiSchema, message.params));
  }

  @Handles(Subject.ImportApiResyncStart)
  start(@Payload() message: Incoming<typeof Subject.ImportApiResyncStart>): Promise<{ job_id: string }> {
    return this.resync.start(message.caller, parseParams(ResyncApiSchema, message.params));
  }

  @Handles(Subject.ImportApiResyncStatus)
  status(@Payload() message: Incoming<typeof Subject.ImportApiResyncStatus>): Promise<ApiResyncJob> {
    return this.resync.status(message.caller, parseParams(ApiResyncStatusSchema, message.params));
  }

  @Handles(Subject.ImportApiResyncOpen)
  byKey(@Payload() message: Incoming<typeof Subject.ImportApiResyncOpen>): Promise<ApiResyncSummary> {
    return this.resync.resyncByKey(parseParams(OpenResyncApiSchema, message.params));
  }

  @Handles(Subject.ImportApiHistory)
  history(@Payload() message: Incoming<typeof Subject.ImportApiHistory>): Promise<ApiResyncSummary[]> {
    return this.resync.history(message.caller, parseParams(ApiResyncHistorySchema, message.params));
  }

  @Handles(Subject.ImportApiSources)
  sources(@Payload() message: Incoming<typeof Subject.ImportApiSources>): Promise<ApiSourceInfo[]> {
    return this.resync.sourcesOf(message.caller, parseParams(ApiResyncHistorySchema, message.params));
  }

  @Handles(Subject.ImportApiResyncDue)
  due(@Payload() message: Incoming<typeof Subject.ImportApiResyncDue>): Promise<ApiResyncPass> {
    requireAdmin(message.caller);
    return this.resync.pass();
  }
}
