import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { GetMenuHitsSchema, GetMenuSchema, type Incoming, type Menu, parseParams, type Reply, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { MenuService } from './menu.service';

@Controller()
export class MenuController {
  constructor(private readonly menus: MenuService) {}

  @Handles(Subject.PageMenuGet)
  get(@Payload() message: Incoming<typeof Subject.PageMenuGet>): Promise<Reply<Menu>> {
    return this.menus.get(parseParams(GetMenuSchema, message.params), message.versions);
  }

  @Handles(Subject.PageMenuHits)
  hits(@Payload() message: Incoming<typeof Subject.PageMenuHits>): Promise<Reply<Menu>> {
    return this.menus.hits(parseParams(GetMenuHitsSchema, message.params));
  }
}
