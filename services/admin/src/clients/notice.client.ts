import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type QuireContracts, type SendNoticeCommand, Subject } from '@quire/proto';

/** What the admin service tells the notice service, always with the original caller. */
@Injectable()
export class NoticeClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  async send(caller: Caller, notice: SendNoticeCommand): Promise<void> {
    await this.transport.send(Subject.NoticeNoticeSend, { caller, params: { ...notice } });
  }
}
