import { DocumentStore, JobQueue } from '@quire/platform';
import { JobName, nowSeconds, Subject, type WebhookSecret } from '@quire/proto';
import { type ContextApp, createContextApp } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { WebhookModule } from '../../webhook/src/webhook.module';
import { ItemModule } from '../src/item.module';
import { ITEM_RETENTION_SECONDS, PENDING_ITEM_GRACE_SECONDS } from '../src/maintenance/maintenance.service';
import { ItemWorld } from './item.factory';

/** The item service's hourly purge, as the job queue's scheduler runs it: a job, not a timer of its own. */
describe('the item.purge-expired job', () => {
  let ctx: ContextApp;
  let world: ItemWorld;

  beforeAll(async () => {
    ctx = await createContextApp([ItemModule, PageModule, AuthModule, TeamModule, NoticeModule, WebhookModule], {
      env: { LANGUAGE: 'en', HTTP_PROXY_ALLOW_HOSTS: '127.0.0.30' },
      consumes: [JobName.PurgeItems],
    });
    world = new ItemWorld(ctx);
  });

  afterAll(() => ctx.close());

  it('purges items past their retention and abandoned pending ones (with their webhooks), and keeps the rest', async () => {
    const owner = await world.user();
    const [expired, recent, abandoned, live] = [await world.item(owner), await world.item(owner), await world.item(owner), await world.item(owner)];
    // Each has a webhook, whose URL and secret must not outlive the item.
    for (const itemId of [expired, recent]) await world.send<WebhookSecret>(Subject.WebhookHookCreate, owner, { item_id: itemId, url: 'http://127.0.0.30:9/hook' });
    const now = nowSeconds();
    await world.setStored(expired, { is_del: 1, del_time: now - ITEM_RETENTION_SECONDS - 60 });
    await world.setStored(recent, { is_del: 1, del_time: now - 60 });
    await world.setStored(abandoned, { is_del: 1, del_time: now - PENDING_ITEM_GRACE_SECONDS - 60, pending: 1 });
    const hooksOf = (itemId: number) => ctx.app.get(DocumentStore).collection<{ item_id: number }>('webhooks').count({ item_id: itemId });
    const queue = ctx.app.get(JobQueue);

    const id = await queue.add(JobName.PurgeItems, {});

    let status = await queue.getStatus(id);
    for (let i = 0; i < 500 && status?.state !== 'completed' && status?.state !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await queue.getStatus(id);
    }
    expect(status).toMatchObject({ state: 'completed', result: { purged: 2 } });
    expect(await world.stored(expired)).toBeNull();
    expect(await world.stored(abandoned)).toBeNull();
    expect(await world.stored(recent)).not.toBeNull();
    expect(await world.stored(live)).not.toBeNull();
    expect(await hooksOf(expired)).toBe(0);
    expect(await hooksOf(recent)).toBe(1);
  });
});
