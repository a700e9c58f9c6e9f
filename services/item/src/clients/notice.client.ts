import { Injectable, Logger } from '@nestjs/common';
import { TransportClient, VersionedCache, VersionToken } from '@quire/platform';
import { type CacheVersions, type Caller, type QuireContracts, type SendNoticeCommand, Subject } from '@quire/proto';
import { NoticeVersion } from './notice-version';
import { WarningThrottle } from './warning-throttle';

/** How long item/info waits for the unread count before showing 0. */
export const UNREAD_COUNT_TIMEOUT_MS = 1_500;
/** Unread counts kept per replica (one per user), and for how long at most. */
const COUNTS_KEPT = 10_000;
const COUNT_MAX_AGE_MS = 60_000;

/**
 * What the item service tells and asks the notice service. Notices are a side effect: a notice
 * service that does not answer never fails the call that caused them (it is logged).
 */
@Injectable()
export class NoticeClient {
  private readonly logger = new Logger(NoticeClient.name);
  private readonly warnings = new WarningThrottle();
  /** Each user's unread count as the notice service answered it, current while the notice version is unchanged. */
  private readonly counts = new VersionedCache<number, number>({ maxEntries: COUNTS_KEPT, maxAgeMs: COUNT_MAX_AGE_MS });

  constructor(
    private readonly transport: TransportClient<QuireContracts>,
    private readonly noticeVersion: NoticeVersion,
  ) {}

  /** Delivers a notice; failures are logged, never thrown. */
  async send(caller: Caller, notice: SendNoticeCommand): Promise<void> {
    try {
      await this.transport.send(Subject.NoticeNoticeSend, { caller, params: { ...notice } });
    } catch (error) {
      this.logger.warn(`a notice '${notice.notice_title}' to ${JSON.stringify(notice.to_uids)} was not delivered: ${(error as Error).message}`);
    }
  }

  /**
   * The caller's unread notices; 0 for anonymous visitors and when the notice service does not
   * answer in time. Asked once per user while the notice version (read before) is unchanged.
   */
  async unreadCount(caller: Caller, carried?: CacheVersions): Promise<number> {
    if (!(caller.uid > 0)) return 0;
    const [version] = await VersionToken.readAll(carried, this.noticeVersion);
    const kept = this.counts.get(caller.uid, version);
    if (kept !== undefined) return kept;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${UNREAD_COUNT_TIMEOUT_MS} ms`)), UNREAD_COUNT_TIMEOUT_MS);
    });
    try {
      const reply = await Promise.race([this.transport.send(Subject.NoticeNoticeUnreadCount, { caller, params: {} }), expired]);
      if (typeof reply?.count !== 'number') return 0;
      this.counts.set(caller.uid, version, reply.count);
      return reply.count;
    } catch (error) {
      if (this.warnings.due()) this.logger.warn(`unread count: the notice service did not answer (${(error as Error).message}); showing 0`);
      return 0;
    } finally {
      clearTimeout(timer);
    }
  }
}
