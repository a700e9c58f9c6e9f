import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, type SendNoticeCommand, Subject } from '@quire/proto';

/** What the team service tells the notice service. A notice is a side effect: failures are logged, never thrown. */
@Injectable()
export class NoticeClient {
  private readonly logger = new Logger(NoticeClient.name);

  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async send(caller: Caller, notice: SendNoticeCommand): Promise<void> {
    try {
      await this.transport.send(Subject.NoticeNoticeSend, { caller, params: { ...notice } });
    } catch (error) {
      this.logger.warn(`a notice '${notice.notice_title}' to ${JSON.stringify(notice.to_uids)} was not delivered: ${(error as Error).message}`);
    }
  }
}
