import * as fs from 'node:fs';
import * as path from 'node:path';
import { BlobStorage, DocumentStore, JobQueue } from '@quire/platform';
import { ErrorCode, type ExportStatus, JobName, type Reply, Subject } from '@quire/proto';
import type { ContextApp } from '@quire/testing';
import type { ExportJobEntity } from '../src/job/export-job.entity';
import { ExportProcessor } from '../src/job/export.processor';
import { bootExportApp, ExportWorld, failure, fileNames, openZip, part, type User } from './export.factory';

describe(ExportProcessor.name, () => {
  let ctx: ContextApp;
  let world: ExportWorld;
  let owner: User;
  /** Where LocalDiskBlobStorage keeps exported files; a plain file there makes every store fail. */
  let exportsDir: string;

  const block = () => {
    fs.rmSync(exportsDir, { recursive: true, force: true });
    fs.writeFileSync(exportsDir, 'not a folder');
  };
  const unblock = () => fs.rmSync(exportsDir, { force: true });

  beforeAll(async () => {
    ctx = await bootExportApp();
    world = new ExportWorld(ctx);
    owner = await world.user();
    exportsDir = path.join(ctx.dataDir, 'files', 'blobs', 'exports');
  });

  afterAll(async () => {
    await ctx?.close();
  });

  afterEach(() => {
    if (fs.existsSync(exportsDir) && fs.statSync(exportsDir).isFile()) unblock();
  });

  it('reports progress as pages done / total, ending at 100', async () => {
    const itemId = await world.item(owner, 'Progress');
    for (let i = 1; i <= 40; i++) await world.page(owner, itemId, `Page ${i}`, `## Section\n\n${'Text. '.repeat(200)}\n\n| a | b |\n|---|---|\n| 1 | 2 |`);
    const seen: ExportStatus[] = [];

    const { job_id } = await world.start(owner, { item_id: itemId });
    const final = await world.finished(owner, job_id, seen);

    expect(final).toEqual({ job_id, format: 'word', state: 'completed', progress: 100, attempts: 1 });
    const progress = seen.map((status) => status.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.every((status) => ['waiting', 'active', 'completed'].includes(status.state))).toBe(true);
  });

  it('retries a job whose first try failed, then delivers the file', async () => {
    const itemId = await world.item(owner, 'Retried');
    await world.page(owner, itemId, 'Page', 'text');
    block();

    const { job_id } = await world.start(owner, { item_id: itemId });
    // The first try fails to store the file; the queue waits 500 ms before the second.
    for (let status = await world.status(owner, job_id); status.attempts < 1; status = await world.status(owner, job_id)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    unblock();
    const final = await world.finished(owner, job_id);

    expect(final).toMatchObject({ state: 'completed', progress: 100, attempts: 2 });
    const reply = await world.send<Reply>(Subject.ExportJobDownload, owner, { job_id });
    expect((await world.bytes(reply)).subarray(0, 2).toString()).toBe('PK');
  });

  it('reports a job that keeps failing with a clear error, for status, download and export/word', async () => {
    const itemId = await world.item(owner, 'Doomed');
    block();

    const { job_id } = await world.start(owner, { item_id: itemId });
    const final = await world.finished(owner, job_id);

    expect(final).toEqual({ job_id, format: 'word', state: 'failed', progress: expect.any(Number), attempts: 3, error: 'The exported file could not be stored' });
    expect(await failure(world.send(Subject.ExportJobDownload, owner, { job_id }))).toEqual({
      code: ErrorCode.Failed,
      key: 'export_job_failed',
      params: { reason: 'The exported file could not be stored' },
    });
    expect(await failure(world.send(Subject.ExportWordExport, owner, { item_id: itemId }))).toMatchObject({ key: 'export_job_failed' });
  });

  it('refuses to download an export that is still running', async () => {
    const itemId = await world.item(owner, 'Slow');
    for (let i = 0; i < 30; i++) await world.page(owner, itemId, `P${i}`, '| a |\n|---|\n' + '| x |\n'.repeat(300));

    const { job_id } = await world.start(owner, { item_id: itemId });

    expect(await failure(world.send(Subject.ExportJobDownload, owner, { job_id }))).toMatchObject({ code: ErrorCode.Failed, key: 'export_job_not_finished' });
    await world.finished(owner, job_id);
  });

  it('removes files a day old with the export.sweep job (scheduled hourly); their job is then gone', async () => {
    const itemId = await world.item(owner, 'Old');
    const { job_id } = await world.start(owner, { item_id: itemId });
    await world.finished(owner, job_id);
    const jobs = ctx.app.get(DocumentStore).collection<ExportJobEntity>('export_jobs');
    const record = await jobs.findOne({ job_id });
    expect(await ctx.app.get(BlobStorage).stat(record?.blob_key ?? '')).not.toBeNull();
    await jobs.updateOne({ job_id }, { $set: { expires_at: Math.floor(Date.now() / 1000) - 1 } });

    const queue = ctx.app.get(JobQueue);
    const sweep = await queue.add(JobName.SweepExports, {});

    let status = await queue.getStatus(sweep);
    for (let i = 0; i < 500 && status?.state !== 'completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = await queue.getStatus(sweep);
    }
    expect(status).toMatchObject({ state: 'completed', result: expect.any(Number) });
    expect(status?.result).toBeGreaterThanOrEqual(1);

    expect(await ctx.app.get(BlobStorage).stat(record?.blob_key ?? '')).toBeNull();
    expect(await failure(world.status(owner, job_id))).toMatchObject({ code: ErrorCode.Failed, key: 'export_job_not_found' });
  });

  describe('Markdown export', () => {
    it('zips the pages as .md files in catalog folders, with the images and a manifest an import can read', async () => {
      const itemId = await world.item(owner, 'Handbook', 'For new staff');
      const guide = await world.catalog(owner, itemId, 'Guide');
      const deep = await world.catalog(owner, itemId, 'Deep/Dive', guide);
      const shot = await world.image(owner, itemId);
      await world.page(owner, itemId, 'Welcome', '# Hello\n\nRead on.');
      await world.page(owner, itemId, 'Setup', `![screen](${shot.url})\n\n| k | v |\n|---|---|\n| a | 1 |`, { cat_id: guide });
      await world.page(owner, itemId, '中文页面', `深入 ![again](${shot.url})`, { cat_id: deep });

      const { zip, reply } = await world.exported(owner, { item_id: itemId, format: 'markdown' });

      expect(reply.blob).toMatchObject({ contentType: 'application/zip', filename: 'Handbook.zip', inline: false });
      const files = fileNames(zip).sort();
      const sign = /sign=([a-f0-9]{32})/.exec(shot.url)?.[1];
      expect(files).toEqual([`assets/${sign}.png`, '1 Welcome.md', '2 Guide/2.1 Setup.md', '2 Guide/2.2 Deep_Dive/2.2.1 中文页面.md', 'quire-export.json'].sort());
      expect(part(zip, '1 Welcome.md')).toBe('# Hello\n\nRead on.');
      expect(part(zip, '2 Guide/2.1 Setup.md')).toBe(`![screen](../assets/${sign}.png)\n\n| k | v |\n|---|---|\n| a | 1 |`);
      expect(part(zip, '2 Guide/2.2 Deep_Dive/2.2.1 中文页面.md')).toBe(`深入 ![again](../../assets/${sign}.png)`);
      expect(JSON.parse(part(zip, 'quire-export.json'))).toMatchObject({
        format: 'quire-markdown',
        version: 1,
        item_name: 'Handbook',
        item_description: 'For new staff',
        pages: [
          { title: 'Welcome', catalogs: [], file: '1 Welcome.md' },
          { title: 'Setup', catalogs: ['Guide'], file: '2 Guide/2.1 Setup.md' },
          { title: '中文页面', catalogs: ['Guide', 'Deep/Dive'], file: '2 Guide/2.2 Deep_Dive/2.2.1 中文页面.md' },
        ],
        catalogs: [
          { name: 'Guide', catalogs: [], folder: '2 Guide' },
          { name: 'Deep/Dive', catalogs: ['Guide'], folder: '2 Guide/2.2 Deep_Dive' },
        ],
      });
      expect(Buffer.from(zip[`assets/${sign}.png`])).toEqual(await world.bytes({ $reply: true, blob: { key: shot.key, contentType: '', filename: '', inline: false } }));
    });

    it('answers export/markdown with the zip once its job is done', async () => {
      const itemId = await world.item(owner, 'Zipped');
      await world.page(owner, itemId, 'Only', 'text');

      const reply = await world.send<Reply>(Subject.ExportMarkdownExport, owner, { item_id: itemId });

      const zip = openZip(await world.bytes(reply));
      expect(part(zip, '1 Only.md')).toBe('text');
    });
  });
});
