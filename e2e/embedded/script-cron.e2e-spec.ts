import { DocumentStore } from '@quire/platform';
import { nowSeconds } from '@quire/proto';
import { ApiClient } from '@quire/testing';
import { startEmbeddedSystem, SYSTEM_ADMIN_PASSWORD, type EmbeddedSystem } from '../src/embedded-system';

const DAY = 24 * 3600;

/**
 * `POST /api/ScriptCron/run` (contract §9.1, a GET there; Quire takes writes by POST only): the
 * admin service asks the item and page services to purge what is past the 30-day retention, and
 * answers an empty 200 body. The deletion times are set in the stores directly: nobody waits a month.
 */
describe('ScriptCron/run, embedded', () => {
  let system: EmbeddedSystem;
  let owner: ApiClient;

  const store = () => system.app.get(DocumentStore);
  const itemRow = (itemId: number) => store().collection<{ item_id: number }>('items').findOne({ item_id: itemId });
  const pageRow = (pageId: number) => store().collection<{ page_id: number }>('pages').findOne({ page_id: pageId });

  const addItem = async (name: string): Promise<number> => {
    const reply = await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: name });
    expect(reply.error_code).toBe(0);
    return reply.data?.item_id as number;
  };
  const addPage = async (itemId: number, title: string): Promise<number> => {
    const reply = await owner.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: title, page_content: 'text' });
    expect(reply.error_code).toBe(0);
    return reply.data?.page_id as number;
  };
  const deleteItem = async (itemId: number, daysAgo: number): Promise<void> => {
    expect(await owner.post('/api/item/delete', { item_id: itemId, password: SYSTEM_ADMIN_PASSWORD })).toEqual({ error_code: 0, data: 1 });
    await store()
      .collection<{ item_id: number; del_time: number }>('items')
      .updateOne({ item_id: itemId }, { $set: { del_time: nowSeconds() - daysAgo * DAY } });
  };
  const recyclePage = async (pageId: number, daysAgo: number): Promise<void> => {
    expect((await owner.post('/api/page/delete', { page_id: pageId })).error_code).toBe(0);
    const time = nowSeconds() - daysAgo * DAY;
    await store()
      .collection<{ page_id: number; addtime: number }>('pages')
      .updateOne({ page_id: pageId }, { $set: { addtime: time } });
    await store()
      .collection<{ page_id: number; del_time: number }>('recycle')
      .updateMany({ page_id: pageId }, { $set: { del_time: time } });
  };

  beforeAll(async () => {
    system = await startEmbeddedSystem();
    owner = new ApiClient(system.target.baseUrl);
    expect((await owner.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD })).error_code).toBe(0);
  });

  afterAll(async () => {
    await system?.stop();
  });

  it('purges an item deleted 31 days ago and a page recycled 31 days ago, keeps recent ones, and answers an empty 200', async () => {
    const oldItem = await addItem('Deleted long ago');
    const oldItemPage = await addPage(oldItem, 'Inside the old item');
    await deleteItem(oldItem, 31);
    const recentItem = await addItem('Deleted yesterday');
    await deleteItem(recentItem, 1);

    const live = await addItem('Live');
    const oldPage = await addPage(live, 'Recycled long ago');
    await recyclePage(oldPage, 31);
    const recentPage = await addPage(live, 'Recycled yesterday');
    await recyclePage(recentPage, 1);

    const response = await new ApiClient(system.target.baseUrl).request('/api/ScriptCron/run', { method: 'POST' });

    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
    expect(await itemRow(oldItem)).toBeNull();
    expect(await pageRow(oldItemPage)).toBeNull();
    expect(await pageRow(oldPage)).toBeNull();
    expect(await itemRow(recentItem)).toMatchObject({ item_id: recentItem, is_del: 1 });
    const bin = await owner.post<{ page_id: number }[]>('/api/recycle/getList', { item_id: live });
    expect(bin.data?.map((entry) => entry.page_id)).toEqual([recentPage]);
    expect((await owner.post('/api/recycle/recover', { item_id: live, page_id: recentPage })).error_code).toBe(0);
    expect((await owner.post('/api/page/info', { page_id: recentPage })).error_code).toBe(0);
  });
});
