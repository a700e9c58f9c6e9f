import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { PlatformModule, connectTransport } from '@quire/platform';
import { appErrors, type AttachmentListEntry, translate } from '@quire/proto';
import { ApiClient, createUser, freePort } from '@quire/testing';
import { AuthModule } from '../../services/auth/src/auth.module';
import { ItemModule } from '../../services/item/src/item.module';
import { AttachmentModule } from '../../services/page/src/attachment/attachment.module';
import { PageModule } from '../../services/page/src/page.module';
import { GatewayModule, configureGateway } from '../src';

const KIB = 1024;
/** A PNG of 400 KiB: three of them are over a quota of 1 MiB, two are not. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(400 * KIB - 8, 1)]);

interface EditorMdReply {
  success: 0 | 1;
  url?: string;
  message?: string;
}

describe('the per-user upload quota (UPLOAD_QUOTA_MB=1)', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let base: string;

  /** A browser signed in as a fresh user. */
  const login = async (): Promise<ApiClient> => {
    const user = await createUser(app);
    const client = new ApiClient(base);
    expect((await client.post('/api/user/login', { username: user.username, password: user.password })).error_code).toBe(0);
    return client;
  };

  /** Every file the blob store holds, temp files included, and their bytes together. */
  const storedBytes = (): number => {
    const root = path.join(dataDir, 'files');
    if (!fs.existsSync(root)) return 0;
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .map((entry) => fs.statSync(path.join(root, entry)))
      .filter((stats) => stats.isFile())
      .reduce((total, stats) => total + stats.size, 0);
  };

  const upload = async (client: ApiClient, route: string, field: string, params: Record<string, string | number> = {}) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, String(value));
    form.append(field, new Blob([PNG]), 'shot.png');
    return (await client.request(route, { method: 'POST', body: form })).json<EditorMdReply>();
  };
  const uploadImage = (client: ApiClient, params: Record<string, string | number> = {}) => upload(client, '/api/page/uploadImg', 'editormd-image-file', params);

  const newPage = async (client: ApiClient): Promise<{ itemId: number; pageId: number }> => {
    const item = await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Docs', password: '' });
    const itemId = Number(item.data?.item_id);
    const page = await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: 'API', page_content: '# API' });
    return { itemId, pageId: Number(page.data?.page_id) };
  };

  const refused = { success: 0, message: 'Your uploaded files have reached your limit of 1 MB: delete files you no longer need, then try again' };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-quota-'));
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quire SPA</title>');
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LANGUAGE: 'en', UPLOAD_QUOTA_MB: '1' });
    @Module({ imports: [PlatformModule.forRoot({ mode: 'embedded', config, errors: appErrors }), GatewayModule, AuthModule, ItemModule, PageModule, AttachmentModule] })
    class TestAppModule {}
    app = await NestFactory.create<NestExpressApplication>(TestAppModule, { bodyParser: false, logger: ['error'] });
    configureGateway(app, config);
    connectTransport(app, { mode: 'embedded' });
    await app.startAllMicroservices();
    await app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses the item-less image that goes past the quota and keeps none of its bytes; other users still upload', async () => {
    const user = await login();
    expect(await uploadImage(user)).toMatchObject({ success: 1 });
    expect(await uploadImage(user)).toMatchObject({ success: 1 });
    const before = storedBytes();

    expect(await uploadImage(user)).toEqual(refused);
    expect(await uploadImage(user)).toEqual(refused);

    expect(storedBytes()).toBe(before);
    expect(await uploadImage(await login())).toMatchObject({ success: 1 });
  });

  it('counts images and attachments in items too, and a deleted file frees its room', async () => {
    const user = await login();
    const { itemId, pageId } = await newPage(user);
    expect(await uploadImage(user, { item_id: itemId, page_id: pageId })).toMatchObject({ success: 1 });
    expect(await upload(user, '/api/page/upload', 'file', { page_id: pageId })).toMatchObject({ success: 1 });

    expect(await uploadImage(user)).toEqual(refused);
    expect(await upload(user, '/api/page/upload', 'file', { page_id: pageId })).toEqual({ error_code: 10101, error_message: refused.message });

    const files = (await user.post<AttachmentListEntry[]>('/api/page/uploadList', { page_id: pageId })).data ?? [];
    expect(files).toHaveLength(2);
    expect((await user.post('/api/page/deleteUploadFile', { file_id: files[0].file_id })).error_code).toBe(0);
    expect(await uploadImage(user)).toMatchObject({ success: 1 });
  });

  it('holds when the uploads arrive at the same moment', async () => {
    const user = await login();
    const before = storedBytes();

    const replies = await Promise.all(Array.from({ length: 6 }, () => uploadImage(user)));

    const refusals = replies.filter((reply) => reply.success === 0);
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    expect(refusals).toEqual(refusals.map(() => refused));
    expect(storedBytes() - before).toBeLessThanOrEqual(1024 * KIB);
  });

  it('says so in Chinese too', () => {
    expect(translate('upload_quota_exceeded', 'zh-cn', { quota: 1 })).toBe('你上传的文件已达到 1 MB 的上限，请删除不再需要的文件后重试');
  });
});
