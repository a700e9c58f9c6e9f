import { Injectable } from '@nestjs/common';
import { type AdminSendNoticeDto, type Caller, requireAdmin } from '@quire/proto';
import { NoticeClient } from '../clients/notice.client';

/** `adminNotice/send`: an announcement to every user. */
@Injectable()
export class AdminNoticeService {
  constructor(private readonly notices: NoticeClient) {}

  /** Title and content are HTML, which the notice service sanitizes (no script, no event handlers). */
  async send(caller: Caller, dto: AdminSendNoticeDto): Promise<never[]> {
    requireAdmin(caller);
    await this.notices.send(caller, { to_uids: [], to_all: true, notice_title: dto.title, notice_content: dto.content, from_name: caller.username.slice(0, 64) });
    return [];
  }
}
