import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { zipSync } from 'fflate';
import { loadConfig } from '@quire/config';
import { KeyValueStore, PlatformModule, connectTransport, hashSecret } from '@quire/platform';
import { appErrors, type ImportStatus, JobName, sessionKey, type StartedImport } from '@quire/proto';
import { ApiClient, type ApiEnvelope, createUser, freePort, SHOWDOC_FIXTURE_DB, SHOWDOC_FIXTURE_DIR } from '@quire/testing';
import { AuthModule } from '../../services/auth/src/auth.module';
import { ImportModule } from '../../services/import/src/import.module';
import { ItemModule } from '../../services/item/src/item.module';
import { AttachmentModule } from '../../services/page/src/attachment/attachment.module';
import { PageModule } from '../../services/page/src/page.module';
import { TeamModule } from '../../services/team/src/team.module';
import { GatewayModule, configureGateway } from '../src';

const IMAGE = '2026-11-25/6b060d808e7e86b060d808e7ea6b060d808e7eb.png';
const DATABASE = fs.readFileSync(SHOWDOC_FIXTURE_DB);
const IMAGE_BYTES = fs.readFileSync(path.join(SHOWDOC_FIXTURE_DIR, 'Uploads', IMAGE));
/** Public/Uploads zipped on its own, as an administrator uploads it beside the database. */
const UPLOADS_ZIP = Buffer.from(zipSync({ [`Uploads/${IMAGE}`]: new Uint8Array(IMAGE_BYTES) }));
/** The whole site in one zip: the database where ShowDoc keeps it, and Public/Uploads. */
const SITE_ZIP = Buffer.from(zipSync({ 'Sqlite/showdoc.db.php': new Uint8Array(DATABASE), [`Public/Uploads/${IMAGE}`]: new Uint8Array(IMAGE_BYTES) }));

/**
 * A route that takes two named file parts (`adminImport/showdoc`: `db` and `uploads`, or one zip as `file`): each
 * part is streamed into BlobStorage like any upload and reaches the service under its own name; a refusal or a
 * client gone half way leaves neither part in storage.
 */
describe('Uploads with two named file parts through the gateway', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let base: string;
  let admin: ApiClient;
  let adminToken: string;

  /** Every file the blob store holds, temp files included. */
  const storedFiles = (): string[] => {
    const root = path.join(dataDir, 'files');
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(root, entry)).isFile()).sort();
  };
  /** What uploads left in storage: stored parts and temp files (the import's reports under imports/ stay). */
  const leftUploads = () => storedFiles().filter((file) => !file.split(path.sep).includes('imports'));

  const start = async (parts: Record<string, [Buffer, string]>, params: Record<string, string> = { dry_run: '1' }) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, value);
    for (const [field, [bytes, filename]] of Object.entries(parts)) form.append(field, new Blob([new Uint8Array(bytes)]), filename);
    return (await admin.request('/api/adminImport/showdoc', { method: 'POST', body: form })).json<ApiEnvelope<StartedImport>>();
  };

  /** Starts a dry run and follows it until it ends. */
  const dryRun = async (parts: Record<string, [Buffer, string]>): Promise<ImportStatus> => {
    const started = await start(parts);
    expect(started).toMatchObject({ error_code: 0 });
    for (let i = 0; i < 600; i++) {
      const status = await admin.post<ImportStatus>('/api/adminImport/status', { import_id: started.data?.import_id as string });
      if (status.data?.state === 'done' || status.data?.state === 'failed') return status.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the import did not end');
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-upload-parts-'));
    const webDist = path.join(dataDir, 'web');
    fs.mkdirSync(webDist);
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Quire SPA</title>');
    const port = await freePort();
    const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, WEB_DIST: webDist, LANGUAGE: 'en' });
    @Module({
      imports: [
        PlatformModule.forRoot({ mode: 'embedded', config, consumes: [JobName.ImportShowdoc], errors: appErrors }),
        GatewayModule,
        AuthModule,
        ItemModule,
        PageModule,
        AttachmentModule,
        TeamModule,
        ImportModule,
      ],
    })
    class TestAppModule {}
    app = await NestFactory.create<NestExpressApplication>(TestAppModule, { bodyParser: false, logger: ['error'] });
    configureGateway(app, config);
    connectTransport(app, { mode: 'embedded' });
    await app.startAllMicroservices();
    await app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    const user = await createUser(app);
    adminToken = 'b'.repeat(64);
    await app.get(KeyValueStore).set(sessionKey(hashSecret(adminToken)), JSON.stringify({ uid: user.uid, username: user.username, groupid: 1, createdAt: 0 }), 600);
    admin = new ApiClient(base);
    admin.cookies.set('cookie_token', adminToken);
  });

  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands the service the database and the Uploads zip sent as two parts; both leave storage once the job has read them', async () => {
    const withoutUploads = await dryRun({ db: [DATABASE, 'showdoc.db.php'] });
    expect(withoutUploads).toMatchObject({ state: 'done', counts: { item: { imported: 4 }, attachment: { imported: 0, skipped: 1 } } });

    const withUploads = await dryRun({ db: [DATABASE, 'showdoc.db.php'], uploads: [UPLOADS_ZIP, 'Uploads.zip'] });

    expect(withUploads).toMatchObject({ state: 'done', dry_run: true, counts: { item: { imported: 4 }, attachment: { imported: 1, skipped: 0 } } });
    expect(leftUploads()).toEqual([]);
  });

  it('still takes the whole site as one zip in the part named file', async () => {
    const status = await dryRun({ file: [SITE_ZIP, 'showdoc-site.zip'] });

    expect(status).toMatchObject({ state: 'done', counts: { item: { imported: 4 }, attachment: { imported: 1, skipped: 0 } } });
    expect(leftUploads()).toEqual([]);
  });

  it('keeps neither part when the service refuses the call', async () => {
    const notZip = await start({ db: [DATABASE, 'showdoc.db.php'], uploads: [Buffer.from('a list of files\n'.repeat(100)), 'Uploads.txt'] });
    expect(notZip).toEqual({
      error_code: 10101,
      error_message: 'The uploads file is not a zip archive: zip the Public/Uploads folder of the ShowDoc site and upload that (field uploads)',
    });
    expect(leftUploads()).toEqual([]);

    const noDatabase = await start({ uploads: [UPLOADS_ZIP, 'Uploads.zip'] });
    expect(noDatabase).toEqual({ error_code: 10101, error_message: 'Upload the ShowDoc database file (field db), or a zip of the site holding it (field file)' });
    expect(leftUploads()).toEqual([]);
  });

  it('takes no stored file a client names in a text field', async () => {
    const forged = await admin.request('/api/adminImport/showdoc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ db: { key: `uploads/2026/11/${'a'.repeat(32)}`, name: 'showdoc.db', size: 10, detectedType: 'application/octet-stream' }, dry_run: 1 }),
    });

    expect(forged.json()).toEqual({ error_code: 10101, error_message: 'Upload the ShowDoc database file (field db), or a zip of the site holding it (field file)' });
  });

  it('keeps nothing of the first part when the client goes away during the second', async () => {
    const boundary = 'quireboundary';
    const { hostname, port } = new URL(base);
    const request = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: '/api/adminImport/showdoc',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(8 * 1024 * 1024),
        cookie: `cookie_token=${adminToken}`,
        origin: base,
      },
    });
    request.on('error', () => undefined);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="db"; filename="showdoc.db.php"\r\n\r\n`);
    request.write(DATABASE);
    request.write(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="uploads"; filename="Uploads.zip"\r\n\r\n`);
    request.write(Buffer.concat([UPLOADS_ZIP.subarray(0, 1024), Buffer.alloc(1024 * 1024)]));
    // The first part is whole in storage by now.
    for (let i = 0; i < 100 && !storedFiles().some((file) => file.startsWith(path.join('blobs', 'uploads'))); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(storedFiles().some((file) => file.startsWith(path.join('blobs', 'uploads')))).toBe(true);

    request.destroy();

    for (let i = 0; i < 100 && leftUploads().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(leftUploads()).toEqual([]);
  });
});
