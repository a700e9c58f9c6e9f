import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { ApiClient, freePort } from '@quire/testing';
import { headings, openZip, tableCells } from './export.factory';

const ADMIN_PASSWORD = 'export-admin';

/** `GET /api/export/word` as the browser navigates to it: cookie auth, a download, JSON errors. */
describe('GET /api/export/word (embedded app over HTTP)', () => {
  let app: Awaited<ReturnType<typeof startEmbeddedApp>>;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-export-http-'));
    const port = await freePort();
    app = await startEmbeddedApp(loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD, LANGUAGE: 'zh-cn' }), { logger: false });
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('downloads the .docx for the logged-in editor, and answers JSON errors otherwise', async () => {
    const browser = new ApiClient(baseUrl);
    expect((await browser.post('/api/user/login', { username: 'showdoc', password: ADMIN_PASSWORD })).error_code).toBe(0);
    const item = await browser.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: '接口 文档', item_description: '', password: '' });
    const itemId = item.data?.item_id ?? 0;
    const catalog = await browser.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: '用户', parent_cat_id: 0 });
    await browser.post('/api/page/save', {
      item_id: itemId,
      cat_id: catalog.data?.cat_id ?? 0,
      page_title: '登录',
      page_content: encodeURIComponent('| 参数 | 说明 |\n|---|---|\n| username | 用户名 |'),
      is_urlencode: 1,
    });

    const response = await browser.request(`/api/export/word?item_id=${itemId}&cat_id=0`);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="__ __.docx"; filename*=UTF-8''${encodeURIComponent('接口 文档')}.docx`);
    expect(response.headers.get('content-length')).toBe(String(response.body.length));
    const zip = openZip(response.body);
    expect(headings(zip)).toEqual(['1: 1、用户', '2: 1.1、登录']);
    expect(tableCells(zip)).toEqual([
      ['参数', '说明'],
      ['username', '用户名'],
    ]);

    const anonymous = await new ApiClient(baseUrl).request(`/api/export/word?item_id=${itemId}`);
    expect(anonymous.json()).toMatchObject({ error_code: 10102, error_message: '你尚未登录' });
    const missing = await browser.request('/api/export/word?item_id=999999');
    expect(missing.json()).toMatchObject({ error_code: 10101, error_message: '项目不存在或者已删除' });
  });
});
