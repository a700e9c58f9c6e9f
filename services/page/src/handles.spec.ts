import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { connectTransport, InProcessBus, InProcessTransportClient, type TransportClient } from '@quire/platform';
import {
  GetPageItemSchema,
  type Incoming,
  type Message,
  type PageInfo,
  PageInfoSchema,
  type PageItemRef,
  type PageRow,
  parseParams,
  type QuireContracts,
  type Reply,
  SavePageSchema,
  Subject,
} from '@quire/proto';
import { testCaller } from '@quire/testing';
import { Handles } from './handles';

/*
 * proto's message map types both sides of a subject: what a sender may send and get back
 * (TransportClient<QuireContracts>) and what a handler must take and return (@Handles). Each
 * `@ts-expect-error` below is a drift between the two that `tsc -p tsconfig.test.json` must refuse;
 * should one compile, the directive itself fails the type check.
 */

/** Senders: the params and the reply of `page.page.info` are the map's. */
export async function senders(transport: TransportClient<QuireContracts>): Promise<void> {
  const caller = testCaller();
  const reply: Reply<PageInfo> = await transport.send(Subject.PagePageInfo, { caller, params: { page_id: 12 } });
  void reply;

  // @ts-expect-error a wrong request: page_id is a number once validated, not text
  await transport.send(Subject.PagePageInfo, { caller, params: { page_id: '12' } });
  // @ts-expect-error a wrong request: page.page.info needs page_id
  await transport.send(Subject.PagePageInfo, { caller, params: {} });
  // @ts-expect-error a wrong reply: page.page.info answers a Reply<PageInfo>, not a page row
  const row: PageRow = await transport.send(Subject.PagePageInfo, { caller, params: { page_id: 12 } });
  void row;
}

/** Handlers: the method's message and return type are checked against the map. */
export class Drifted {
  // @ts-expect-error a wrong reply: page.page.info answers a Reply<PageInfo>, not a page row
  @Handles(Subject.PagePageInfo)
  info(@Payload() message: Incoming<typeof Subject.PagePageInfo>): Promise<PageRow> {
    return Promise.reject(new Error(JSON.stringify(message.params)));
  }

  // @ts-expect-error a wrong request: the message of another subject
  @Handles(Subject.PagePageInfo)
  saved(@Payload() message: Incoming<typeof Subject.PagePageSave>): Promise<Reply<PageInfo>> {
    return Promise.reject(new Error(JSON.stringify(message.params)));
  }

  // @ts-expect-error a wrong request: a bare message would let any schema parse it
  @Handles(Subject.PagePageInfo)
  bare(@Payload() message: Message): Promise<Reply<PageInfo>> {
    return Promise.reject(new Error(JSON.stringify(message.params)));
  }

  @Handles(Subject.PagePageInfo)
  parsedAsSave(@Payload() message: Incoming<typeof Subject.PagePageInfo>): Promise<Reply<PageInfo>> {
    // @ts-expect-error a wrong request: page.page.info's params are not what page/save's schema gives
    return Promise.reject(new Error(JSON.stringify(parseParams(SavePageSchema, message.params))));
  }

  @Handles(Subject.PagePageInfo)
  parsed(@Payload() message: Incoming<typeof Subject.PagePageInfo>): Promise<Reply<PageInfo>> {
    return Promise.reject(new Error(String(parseParams(PageInfoSchema, message.params).page_id)));
  }
}

@Controller()
class PageItemController {
  @Handles(Subject.PagePageItem)
  itemOf(@Payload() message: Incoming<typeof Subject.PagePageItem>): PageItemRef {
    return { item_id: parseParams(GetPageItemSchema, message.params).page_id * 10 };
  }
}

@Module({ controllers: [PageItemController], providers: [InProcessBus] })
class PageItemModule {}

describe('Handles', () => {
  it('answers a typed send to its subject, as @MessagePattern does', async () => {
    const app = await NestFactory.create(PageItemModule, { logger: false });
    connectTransport(app, { mode: 'embedded' });
    await app.init();
    await app.startAllMicroservices();
    const transport = new InProcessTransportClient<QuireContracts>(app.get(InProcessBus), 2_000);
    try {
      await expect(transport.send(Subject.PagePageItem, { caller: testCaller(), params: { page_id: 3 } })).resolves.toEqual({ item_id: 30 });
    } finally {
      await transport.close();
      await app.close();
    }
  });
});
