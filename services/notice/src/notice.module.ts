import { Module } from '@nestjs/common';
import { NoticeReceiptRepository } from './notice/notice-receipt.repository';
import { NoticeController } from './notice/notice.controller';
import { NoticeRepository } from './notice/notice.repository';
import { NoticeService } from './notice/notice.service';
import { NoticeVersion } from './notice/notice-version';
import { MessageController } from './message/message.controller';
import { MessageService } from './message/message.service';

/**
 * Notices: messages to users (collections `notices` and `notice_receipts`). Other services send
 * them over `notice.notice.send`; users list, read and delete their own. It imports no adapter:
 * the ports come from the global PlatformModule.
 */
@Module({
  controllers: [NoticeController, MessageController],
  providers: [NoticeVersion, NoticeRepository, NoticeReceiptRepository, NoticeService, MessageService],
})
export class NoticeModule {}
