import { Injectable, Logger } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type SendNoticeDto, Subject, type UnreadCount } from '@quire/proto';
import { WarningThrottle } from './warning-throttle';

/** How long item/info waits for the unread count before showing 0. */
export const UNREAD_COUNT_TIMEOUT_MS = 1_500;

/**
 * What the item service tells and asks the notice service. Notices are a side effect: a notice
 * service that does not answer never fails the call that caused them (it is logged).
 */
@Injectable()
export class NoticeClient {
  private readonly logger = new Logger(NoticeClient.name);
  private readonly warnings = new WarningThrottle();

  constructor(private readonly transport: TransportClient) {}

  /** Delivers a notice; failures are logged, never thrown. */
  async send(caller: Caller, notice: SendNoticeDto): Promise<void> {
    try {
      await this.transport.send(Subject.NoticeNoticeSend, { caller, params: { ...notice } });
    } catch (error) {
      this.logger.warn(`a notice '${notice.notice_title}' to ${JSON.stringify(notice.to_uids ?? [])} was not delivered: ${(error as Error).message}`);
    }
  }

  /** The caller's unread notices; 0 for anonymous visitors and when the notice service does not answer in time. */
  async unreadCount(caller: Caller): Promise<number> {
    if (!(caller.uid > 0)) return 0;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${UNREAD_COUNT_TIMEOUT_MS} ms`)), UNREAD_COUNT_TIMEOUT_MS);
    });
    try {
      const reply = await Promise.race([this.transport.send<UnreadCount>(Subject.NoticeNoticeUnreadCount, { caller, params: {} }), expired]);
      return typeof reply?.count === 'number' ? reply.count : 0;
    } catch (error) {
      if (this.warnings.due()) this.logger.warn(`unread count: the notice service did not answer (${(error as Error).message}); showing 0`);
      return 0;
    } finally {
      clearTimeout(timer);
    }
  }
}
