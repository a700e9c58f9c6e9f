import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CreateQrcodeSchema, type Incoming, parseParams, Reply, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { QrcodeService } from './qrcode.service';

@Controller()
export class QrcodeController {
  constructor(private readonly qrcode: QrcodeService) {}

  /** `GET /api/common/qrcode?url=&size=` */
  @Handles(Subject.AuthQrcodeCreate)
  async create(@Payload() message: Incoming<typeof Subject.AuthQrcodeCreate>): Promise<Reply<never>> {
    const dto = parseParams(CreateQrcodeSchema, message.params);
    return Reply.raw('image/png', await this.qrcode.create(dto.url, dto.size));
  }
}
