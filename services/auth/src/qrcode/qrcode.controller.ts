import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateQrcodeSchema, type Message, parseParams, Reply, Subject } from '@quire/proto';
import { QrcodeService } from './qrcode.service';

@Controller()
export class QrcodeController {
  constructor(private readonly qrcode: QrcodeService) {}

  /** `GET /api/common/qrcode?url=&size=` */
  @MessagePattern(Subject.AuthQrcodeCreate)
  async create(@Payload() message: Message): Promise<Reply<never>> {
    const dto = parseParams(CreateQrcodeSchema, message.params);
    return Reply.raw('image/png', await this.qrcode.create(dto.url, dto.size));
  }
}
