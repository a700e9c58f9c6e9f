import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ExportStatus, StartedExport } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { strFromU8, unzipSync } from 'fflate';
import { solveCaptcha } from '../scenarios/auth-flow.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/**
 * PDF and offline-HTML exports (issue 22) with every part in its own process: the job goes through BullMQ on a real
 * redis-server to the export service, whose headless Chromium draws the reader's renderer; the file lands in the S3
 * server and the gateway streams it out. Both a started job (export/start, status, download) and the browser-
 * navigation calls (`GET /api/export/pdf`, `GET /api/export/html`).
 */
describeDistributed('PDF and HTML exports, distributed', () => {
  let system: DistributedSystem;
  let owner: ApiClient;
  let itemId = 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-rendered-exports-'));

  beforeAll(async () => {
    // GET export/pdf and export/html wait for their job within the gateway's timeout: Chromium needs seconds, not the harness's 3.
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'export'], s3: true, requestTimeoutMs: 30_000 });
    owner = new ApiClient(system.target.baseUrl);
    const username = `renderer${Date.now() % 1_000_000}`;
    const vCode = await solveCaptcha(system.target, owner);
    ok(await owner.post('/api/user/register', { username, password: 'pass-1234', confirm_password: 'pass-1234', v_code: vCode }));
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: '运维手册 Ops', item_description: '', password: '' })).item_id;
    const catalog = ok(await owner.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: '告警', parent_cat_id: 0 })).cat_id;
    ok(await owner.post('/api/page/save', { item_id: itemId, cat_id: catalog, page_title: '磁盘告警', page_content: '磁盘使用率超过九成时告警。\n\n```bash\ndf -h\n```' }));
    ok(await owner.post('/api/page/save', { item_id: itemId, page_title: 'On call', page_content: 'Page the **on-call** engineer.' }));
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const finished = async (jobId: string): Promise<ExportStatus> => {
    const until = Date.now() + 90_000;
    for (;;) {
      const status = ok(await owner.post<ExportStatus>('/api/export/status', { job_id: jobId }));
      if (status.state === 'completed' || status.state === 'failed') return status;
      if (Date.now() > until) throw new Error(`export ${jobId} still ${status.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('prints a PDF through the queue, with the Chinese text and its bookmarks', async () => {
    const { job_id } = ok(await owner.post<StartedExport>('/api/export/start', { item_id: itemId, format: 'pdf' }));
    expect(await finished(job_id)).toMatchObject({ state: 'completed', progress: 100 });
    const file = await owner.request(`/api/export/download?job_id=${job_id}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const pdf = path.join(dir, 'ops.pdf');
    fs.writeFileSync(pdf, file.body);
    const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
    expect(text).toContain('磁盘使用率超过九成时告警。');
    expect(text).toContain('df -h');
    const outline = execFileSync('pdftohtml', ['-xml', '-i', '-stdout', '-q', pdf], { encoding: 'utf8' });
    expect(outline).toMatch(/<item page="\d+">1 On call<\/item>/);
    expect(outline).toMatch(/<item page="\d+">2\.1、磁盘告警<\/item>/);
  }, 120_000);

  it('answers GET /api/export/html with the offline site, and GET /api/export/pdf with the PDF', async () => {
    const site = await owner.request(`/api/export/html?item_id=${itemId}`);
    expect(site.headers.get('content-type')).toBe('application/zip');
    expect(site.headers.get('content-disposition')).toContain('.zip');
    const zip = unzipSync(new Uint8Array(site.body));
    const pages = Object.keys(zip).filter((name) => /^pages\/.+\.html$/.test(name));
    expect(pages).toHaveLength(2);
    expect(pages.map((name) => strFromU8(zip[name])).join('\n')).toContain('磁盘使用率超过九成时告警。');
    expect(strFromU8(zip['assets/site-data.js'])).toContain('磁盘告警');

    const pdf = await owner.request(`/api/export/pdf?item_id=${itemId}`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);
});
