import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import {
  type ApiPagesBatch,
  type ApiPagesDto,
  type ApiResyncSchedule,
  ApiResyncSchedules,
  type AppliedApiResync,
  type ApplyApiResyncDto,
  AppError,
  type AuthorizedItem,
  type Caller,
  ErrorCode,
  type ImportApiSchemasDto,
  type ImportApiSourceDto,
  type QuireContracts,
  type SendNoticeCommand,
  Subject,
} from '@quire/proto';

/**
 * What an API re-sync asks the other services (issue 19): the page service's generated pages and writes, the item
 * service's key pairs and members, the notice service, the administrator's schedule. Apart from PageClient and
 * ItemClient, which the imports share, so the re-sync's calls read in one place.
 */
@Injectable()
export class ApiResyncClient {
  private readonly logger = new Logger(ApiResyncClient.name);

  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  apiPages(caller: Caller, params: ApiPagesDto): Promise<ApiPagesBatch> {
    return this.transport.send(Subject.PageImportApiPages, { caller, params });
  }

  apply(caller: Caller, params: ApplyApiResyncDto): Promise<AppliedApiResync> {
    return this.transport.send(Subject.PageImportApiResync, { caller, params });
  }

  /** Rewrites the import's source record in place (`source_id`); its named schemas are dropped, to be sent again. */
  apiSource(caller: Caller, params: ImportApiSourceDto & { source_id: number }): Promise<{ source_id: number }> {
    return this.transport.send(Subject.PageImportApiSource, { caller, params });
  }

  /** A batch of the source record's named schemas. */
  async apiSchemas(caller: Caller, params: ImportApiSchemasDto): Promise<number> {
    return (await this.transport.send(Subject.PageImportApiSchemas, { caller, params })).schemas;
  }

  authorize(caller: Caller, apiKey: string, apiToken: string): Promise<AuthorizedItem> {
    return this.transport.send(Subject.ItemOpenAuthorize, { caller, params: { api_key: apiKey, api_token: apiToken } });
  }

  async audience(caller: Caller, itemId: number): Promise<number[]> {
    return (await this.transport.send(Subject.ItemImportAudience, { caller, params: { item_id: itemId } })).uids;
  }

  /** Delivers a notice; a notice service that does not answer is logged, never fails the re-sync. */
  async notify(caller: Caller, notice: SendNoticeCommand): Promise<void> {
    try {
      await this.transport.send(Subject.NoticeNoticeSend, { caller, params: { ...notice } });
    } catch (error) {
      this.logger.warn(`a re-sync notice to ${notice.to_uids.length} users was not delivered: ${(error as Error).message}`);
    }
  }

  /** The administrator's `api_resync_schedule`; 'off' when never saved, or when the deployment has no admin service. */
  async schedule(caller: Caller): Promise<ApiResyncSchedule> {
    let value: string | null = null;
    try {
      value = (await this.transport.send(Subject.AdminSettingGet, { caller, params: { name: 'api_resync_schedule' } }))?.value ?? null;
    } catch (error) {
      if (!(error instanceof AppError && error.code === ErrorCode.InvalidRoute)) throw error;
    }
    return (ApiResyncSchedules as readonly string[]).includes(value ?? '') ? (value as ApiResyncSchedule) : 'off';
  }
}
