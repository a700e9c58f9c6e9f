import type { PageHistoryRow, PageInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { describeSavesOnABase } from '../scenarios/saves-on-a-base.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

const SAVES = 20;

/**
 * Saves through the gateway and the auth, admin, item and page services as separate processes over NATS and
 * Redis, the page service as two replicas sharing their documents (MongoDB protocol), files and locks (Redis):
 * a save on an old base reads that version wherever it was recorded (its 10409 answer's data crosses NATS inside
 * the error and reaches the envelope), and twenty clients saving one page at once each land in its history once.
 */
describeDistributed('saves on two page replicas', () => {
  let system: DistributedSystem;
  let client: ApiClient;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page'], replicas: { page: 2 }, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    client = new ApiClient(system.target.baseUrl);
    ok(await client.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' }));
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describe('saves on a base (content_hash / base_hash)', () => describeSavesOnABase(() => system.target));

  it('keeps all 20 acknowledged versions in page/history, each once, newest first', async () => {
    const itemId = ok(await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Crowded' })).item_id;
    const pageId = ok(await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'Hot', page_content: 'original' })).page_id;
    for (let round = 1; round <= 2; round++) {
      const contents = Array.from({ length: SAVES }, (_, n) => `round ${round} save ${n}`);
      const replies = await Promise.all(contents.map((page_content) => client.post('/api/page/save', { item_id: itemId, page_id: pageId, page_title: 'Hot', page_content })));
      expect(replies.map((reply) => reply.error_code)).toEqual(Array(SAVES).fill(0));

      const current = ok(await client.post<PageInfo>('/api/page/info', { page_id: pageId })).page_content;
      const history = ok(await client.post<PageHistoryRow[]>('/api/page/history', { page_id: pageId }));
      const versions = history.map((row) => row.page_content);
      // The 20 newest versions before the current one: the one before this round and 19 of its saves.
      const before = round === 1 ? 'original' : expect.stringMatching(/^round 1 save \d+$/);
      expect(versions).toHaveLength(SAVES);
      expect(versions[SAVES - 1]).toEqual(before);
      expect(new Set([...versions, current]).size).toBe(SAVES + 1);
      expect([...versions.slice(0, SAVES - 1), current].sort()).toEqual([...contents].sort());
      const ids = history.map((row) => row.page_history_id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
  });
});
