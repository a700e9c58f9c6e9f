import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loadConfig } from '@quire/config';
import { connectTransport, JobQueue, PlatformModule, TransportClient } from '@quire/platform';
import { BullmqJobQueue } from '@quire/platform/src/job-queue/bullmq-job-queue';
import { appErrors, JobName, type Message, type QuireContracts, type Reply, Subject, type WireParams } from '@quire/proto';
import { type ContextApp, describeWith, type ServerProcess, startRedisServer } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { PageModule } from '../../page/src/page.module';
import { ExportModule } from '../src/export.module';
import { ExportWorld, headings, openZip, tableCells } from './export.factory';

/** The export context with BullMQ on a real redis-server as its JobQueue (the distributed queue), other adapters embedded. */
async function bootWithBullmq(redisUrl: string): Promise<ContextApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-export-bullmq-'));
  const config = loadConfig({ DATA_DIR: dataDir, LANGUAGE: 'en' });
  const queue = new BullmqJobQueue({ url: redisUrl, prefix: `quire-export-${process.pid}` });
  const moduleRef = await Test.createTestingModule({
    imports: [
      PlatformModule.forRoot({ mode: 'embedded', config, consumes: [JobName.ExportWord, JobName.ExportMarkdown], errors: appErrors }),
      ExportModule,
      PageModule,
      ItemModule,
      AuthModule,
    ],
  })
    .overrideProvider(JobQueue)
    .useValue(queue)
    .compile();
  const app: INestApplication = moduleRef.createNestApplication({ logger: ['error'] });
  connectTransport(app, { mode: 'embedded' });
  await app.init();
  await app.startAllMicroservices();
  const transport = app.get<unknown, TransportClient<QuireContracts>>(TransportClient);
  return {
    app,
    transport,
    relay: <T>(subject: Subject, message: Message<WireParams>) => transport.relay(subject, message) as Promise<T>,
    dataDir,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describeWith({ binary: 'redis-server' }, 'Word export through BullMQ', () => {
  let redis: ServerProcess;
  let ctx: ContextApp;
  let world: ExportWorld;

  beforeAll(async () => {
    redis = await startRedisServer();
    ctx = await bootWithBullmq(redis.url);
    world = new ExportWorld(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
    await redis?.dispose();
  });

  it('runs the export as a BullMQ job on redis-server, with progress, and delivers the .docx', async () => {
    const owner = await world.user();
    const itemId = await world.item(owner, '分布式 export');
    const catalog = await world.catalog(owner, itemId, 'Reference');
    for (let i = 1; i <= 5; i++) await world.page(owner, itemId, `Endpoint ${i}`, `| Field | 说明 |\n|---|---|\n| id${i} | 编号 ${i} |`, { cat_id: catalog });

    const { zip, status } = await world.exported(owner, { item_id: itemId });

    expect(status).toMatchObject({ state: 'completed', progress: 100, attempts: 1 });
    expect(status.job_id).toMatch(/^[a-f0-9]{24}$/);
    expect(headings(zip)).toEqual(['1: 1 Reference', '2: 1.1 Endpoint 1', '2: 1.2 Endpoint 2', '2: 1.3 Endpoint 3', '2: 1.4 Endpoint 4', '2: 1.5 Endpoint 5']);
    expect(tableCells(zip).filter((row) => row[0] !== 'Field')).toEqual([1, 2, 3, 4, 5].map((i) => [`id${i}`, `编号 ${i}`]));
  });

  it('waits for the BullMQ job in export/word', async () => {
    const owner = await world.user();
    const itemId = await world.item(owner, 'Direct');
    await world.page(owner, itemId, 'Only', 'text');

    const reply = await world.send<Reply>(Subject.ExportWordExport, owner, { item_id: itemId });

    expect(reply.blob).toMatchObject({ filename: 'Direct.docx', inline: false });
    expect(headings(openZip(await world.bytes(reply)))).toEqual(['1: 1 Only']);
  });
});
