import type { PageRow } from '@quire/proto';
import { eventually, sleep } from '@quire/testing';
import { describeCoEditing, pageContent, registerEditor } from '../scenarios/co-editing.scenario';
import { describeShowdocClient } from '../scenarios/showdoc-client.scenario';
import { CoEditor } from '../src/co-editor';
import { describeDistributed, type DistributedSystem, startDistributedSystem } from '../src/distributed-system';

const COLLAB_PATH_OF = (url: string): string => `${url.replace(/^http/, 'ws')}/api/collab`;

/**
 * Live co-editing on two collab replicas sharing their documents through Redis (Hocuspocus's Redis
 * extension) and the DocumentStore: editors connected to different replicas see each other's edits,
 * the gateway forwards upgrades to either, and a replica killed mid-edit loses nothing typed; ShowDoc's web client's
 * calls on the same system.
 */
describeDistributed('live co-editing on two collab replicas', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({
      services: ['auth', 'admin', 'item', 'page', 'team', 'notice', 'collab'],
      replicas: { collab: 2 },
      env: { RATE_LIMIT_PER_MINUTE: '100000', COLLAB_SAVE_QUIET_MS: '1500', COLLAB_SAVE_MAX_MS: '4000', COLLAB_SESSION_CHECK_MS: '300' },
    });
  }, 180_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  // Editors alternate between the replicas, each connected to its replica directly.
  describe('editors on different replicas', () => {
    describeCoEditing(() => system.target, { editorUrls: () => system.collabUrls.map(COLLAB_PATH_OF) });
  });

  // ShowDoc 3.9's web client: item groups and `item/info` in item, the lock in page asking collab's co-editing
  // presence over NATS (shared by the two replicas through Redis), messages in notice, the version in admin.
  describe("ShowDoc 3.9's web client", () => describeShowdocClient(() => system.target));

  it('a replica killed mid-edit: its editors reconnect through the gateway to the other, and nothing typed is lost', async () => {
    const target = system.target;
    const owner = await registerEditor(target, 'survivor');
    const itemId = (await owner.client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Resilient', password: 'private' })).data?.item_id ?? 0;
    const page = (await owner.client.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Log', page_content: 'start\n' })).data as PageRow;
    // Through the gateway, which hands connections to the replicas in turn.
    const editors = await Promise.all([0, 1].map(() => new CoEditor({ baseUrl: target.baseUrl, cookies: owner.client.cookies }, page.page_id).ready()));
    try {
      editors[0].append('first editor before the kill\n');
      editors[1].append('second editor before the kill\n');
      await eventually(
        () => (editors.every((editor) => editor.toString().includes('first editor before') && editor.toString().includes('second editor before')) ? true : undefined),
        'the edits to cross replicas',
      );

      await system.replicas('collab')[0].stop('SIGKILL');
      // Both type on at once: the one whose replica died types offline, and resends once reconnected.
      editors[0].append('first editor after the kill\n');
      editors[1].append('second editor after the kill\n');
      await sleep(100);
      const expected = ['start', 'first editor before the kill', 'second editor before the kill', 'first editor after the kill', 'second editor after the kill'];
      await eventually(
        () => (editors.every((editor) => expected.every((line) => editor.toString().includes(line))) && editors[0].toString() === editors[1].toString() ? true : undefined),
        'the editors to converge after the kill',
        30_000,
      );

      const late = await new CoEditor({ baseUrl: target.baseUrl, cookies: owner.client.cookies }, page.page_id).ready();
      editors.push(late);
      expect(late.toString()).toBe(editors[0].toString());
      await eventually(async () => ((await pageContent(owner.client, page.page_id)) === late.toString() ? true : undefined), 'the text to be written to the page', 30_000);
    } finally {
      for (const editor of editors) editor.destroy();
      await system.replicas('collab')[0].start();
    }
  }, 90_000);
});
