import { JobQueue } from '@quire/platform';
import { JobName, nowSeconds } from '@quire/proto';
import { type ContextApp, createContextApp } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { ItemModule } from '../src/item.module';
import { ITEM_RETENTION_SECONDS, PENDING_ITEM_GRACE_SECONDS } from '../src/maintenance/maintenance.service';
import { ItemWorld } from './item.factory';

/** The item service's hourly purge, as the job queue's scheduler runs it: a job, not a timer of its own. */
describe('the item.purge-expired job', () => {
  let ctx: ContextApp;
  let world: ItemWorld;

  beforeAll(async () => {
    ctx = await createContextApp([ItemModule, PageModule, AuthModule, TeamModule, NoticeModule], { env: { LANGUAGE: 'en' }, consumes: [JobName.PurgeItems] });
    world = new ItemWorld(ctx);
  });

  afterAll(() => ctx.close());

  it('purges items past their retention and abandoned pending ones, and keeps the rest', async () => {
    const owner = await world.user();
    const [expired, recent, abandoned, live] = [await world.item(owner), await world.item(owner), await world.item(owner), await world.item(owner)];
    const now = nowSeconds();
    await world.setStored(expired, { is_del: 1, del_time: now - ITEM_RETENTION_SECONDS - 60 });
    await world.setStored(recent, { is_del: 1, del_time: now - 60 });
    await world.setStored(abandoned, { is_del: 1, del_time: now - PENDING_ITEM_GRACE_SECONDS - 60, pending: 1 });
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
  });
});
