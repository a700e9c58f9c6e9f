import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { KeyValueStore } from '@quire/platform';
import type { PageRow } from '@quire/proto';
import { ApiClient, freePort, quireProcess, eventually, sleep } from '@quire/testing';
import { pageContent, registerEditor } from '../scenarios/co-editing.scenario';
import { CoEditor } from '../src/co-editor';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';

type App = Awaited<ReturnType<typeof startEmbeddedApp>>;

/**
 * What was typed in a live editor and never saved survives a restart of `npm start`'s app on the same
 * DATA_DIR: the document's state is persisted as it changes (and once more at the stop), and the next
 * editor to open the page finds it, while the page itself still holds its last saved text.
 */
describe('live co-editing across a restart, embedded', () => {
  let root: string;
  let port: number;
  let app: App | undefined;

  const start = async (): Promise<SystemTarget> => {
    // No quiet-period save within the test: what the next editor sees can only come from the persisted document.
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
      COLLAB_SAVE_QUIET_MS: '600000',
      COLLAB_SAVE_MAX_MS: '600000',
    };
    app = await startEmbeddedApp(loadConfig(env), { logger: false });
    const kv = app.get(KeyValueStore);
    return { baseUrl: `http://127.0.0.1:${port}`, captchaCode: async (clientId) => (await kv.get(`captcha:${clientId}`)) ?? '' };
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-collab-restart-'));
    port = await freePort();
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('keeps the text typed and not saved, persisted while typing and at the stop', async () => {
    const target = await start();
    const owner = await registerEditor(target, 'keeper');
    const itemId = (await owner.client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Notes', password: 'private' })).data?.item_id ?? 0;
    const page = (await owner.client.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Draft', page_content: 'Saved line\n' })).data as PageRow;

    const before = await new CoEditor({ baseUrl: target.baseUrl, cookies: owner.client.cookies }, page.page_id).ready();
    before.append('Typed while the store debounce ran\n');
    await sleep(2_500);
    before.append('Typed just before the stop\n');
    await sleep(200);
    await app?.close();
    app = undefined;
    before.destroy();

    const restarted = await start();
    expect(await pageContent(owner.client, page.page_id)).toBe('Saved line\n');
    const after = await new CoEditor({ baseUrl: restarted.baseUrl, cookies: owner.client.cookies }, page.page_id).ready();
    try {
      expect(after.toString()).toBe('Saved line\nTyped while the store debounce ran\nTyped just before the stop\n');
      after.save();
      await eventually(() => after.notices.find((notice) => notice.type === 'saved'), 'the save after the restart');
      expect(await pageContent(owner.client, page.page_id)).toBe(after.toString());
    } finally {
      after.destroy();
    }
  });

  it('keeps the text typed before a kill -9 of the process, once the store debounce has run', async () => {
    const dataDir = path.join(root, 'killed');
    const killPort = await freePort();
    const quire = quireProcess('embedded', {
      PORT: String(killPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
      COLLAB_SAVE_QUIET_MS: '600000',
      COLLAB_SAVE_MAX_MS: '600000',
    });
    const baseUrl = `http://127.0.0.1:${killPort}`;
    try {
      await quire.start();
      const admin = new ApiClient(baseUrl);
      expect(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD })).toMatchObject({ error_code: 0 });
      const itemId = (await admin.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Crash' })).data?.item_id ?? 0;
      const page = (await admin.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Log', page_content: 'Saved\n' })).data as PageRow;
      const before = await new CoEditor({ baseUrl, cookies: admin.cookies }, page.page_id).ready();
      before.append('Typed before the crash\n');
      // The document is persisted within a second of the last change (at most five under constant typing).
      await sleep(2_500);
      await quire.stop('SIGKILL');
      before.destroy();

      await quire.start();
      expect(await pageContent(admin, page.page_id)).toBe('Saved\n');
      const after = await new CoEditor({ baseUrl, cookies: admin.cookies }, page.page_id).ready();
      after.destroy();
      expect(after.toString()).toBe('Saved\nTyped before the crash\n');
    } finally {
      await quire.stop();
    }
  }, 60_000);
});
