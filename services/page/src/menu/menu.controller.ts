import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { GetMenuSchema, type Menu, type Message, parseParams, type Reply, Subject } from '@quire/proto';
import { MenuService } from './menu.service';

@Controller()
export class MenuController {
  constructor(private readonly menus: MenuService) {}

  @MessagePattern(Subject.PageMenuGet)
  get(@Payload() message: Message): Promise<Reply<Menu>> {
    return this.menus.get(parseParams(GetMenuSchema, message.params), message.versions);
  }
}
