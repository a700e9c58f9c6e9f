import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { PageHistoryRow, PageInfo } from '@quire/proto';
import { ApiClient, type ApiEnvelope, freePort, quireProcess, type QuireProcess } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';

const CLIENTS = 6;
const ROUNDS = 4;
/** Saves of one page before its client moves to a new one: page/history keeps 20 versions, so all of them stay listed. */
const SAVES_PER_PAGE = 15;
const KILL_AFTER_MS = { min: 300, max: 1500 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page as its client saw it: the versions the server acknowledged, and the one it sent last without an answer. */
interface TrackedPage {
  pageId: number;
  acknowledged: string[];
  unanswered?: string;
}

const FILLER = 'The quick brown fox jumps over the lazy dog while the build runs its tests again. '.repeat(12);

/** SQLite's own check of the file as the kill left it, read-only (it neither checkpoints nor removes the WAL). */
function integrityCheck(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((row) => row.integrity_check);
  } finally {
    db.close();
  }
}

/**
 * `npm start`'s process saving pages for several clients at once (new content on every save)
 * is killed with SIGKILL at a random moment, then started again on the same DATA_DIR: every save
 * it answered with error_code 0 is there, as the page's content (or the unanswered save that came
 * after it) and in its history, and the database file passes SQLite's integrity check.
 */
describe('saves answered before a kill -9', () => {
  let root: string;
  let quire: QuireProcess;
  let clients: ApiClient[];
  let itemId: number;

  const ok = <T>(envelope: ApiEnvelope<T>): T => {
    expect(envelope).toMatchObject({ error_code: 0 });
    return envelope.data as T;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-kill-'));
    const port = await freePort();
    quire = quireProcess('embedded', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      QUIRE_ADMIN_PASSWORD: SYSTEM_ADMIN_PASSWORD,
      RATE_LIMIT_PER_MINUTE: '1000000',
    });
    await quire.start();
    clients = Array.from({ length: CLIENTS }, () => new ApiClient(`http://127.0.0.1:${port}`));
    for (const client of clients) ok(await client.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    itemId = ok(await clients[0].post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Busy' })).item_id;
  }, 60_000);

  afterAll(async () => {
    await quire?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  /**
   * One client saving until the server stops answering: a new page, then SAVES_PER_PAGE - 1 updates
   * of it, then another page. An answer other than error_code 0 is recorded in `refused`.
   */
  async function saveUntilKilled(client: ApiClient, name: string, pages: TrackedPage[], refused: string[]): Promise<void> {
    for (let pageNo = 0; ; pageNo++) {
      let page: TrackedPage | undefined;
      for (let save = 0; save < SAVES_PER_PAGE; save++) {
        const content = `${name} page ${pageNo} save ${save}\n\n${FILLER}`;
        if (page) page.unanswered = content;
        const reply = await client
          .post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_id: page?.pageId ?? 0, page_title: `${name} page ${pageNo}`, page_content: content })
          .catch(() => undefined);
        if (!reply) return; // no answer: the process is gone
        if (reply.error_code !== 0) {
          refused.push(`${name}: ${JSON.stringify(reply)}`);
          return;
        }
        if (!page) {
          page = { pageId: (reply.data as { page_id: number }).page_id, acknowledged: [] };
          pages.push(page);
        }
        page.acknowledged.push(content);
        page.unanswered = undefined;
      }
    }
  }

  /** What the restarted server has lost of `page`, in words (nothing: an empty list). */
  async function losses(page: TrackedPage): Promise<string[]> {
    const info = await clients[0].post<PageInfo>('/api/page/info', { page_id: page.pageId });
    if (info.error_code !== 0) return [`page ${page.pageId} is gone: ${JSON.stringify(info)}`];
    const current = (info.data as PageInfo).page_content;
    const history = ok(await clients[0].post<PageHistoryRow[]>('/api/page/history', { page_id: page.pageId })).map((row) => row.page_content);
    const last = page.acknowledged[page.acknowledged.length - 1];
    const found: string[] = [];
    if (current !== last && current !== page.unanswered) found.push(`page ${page.pageId} shows "${current.split('\n')[0]}", not its last acknowledged save "${last.split('\n')[0]}"`);
    const kept = new Set([...history, current]);
    for (const version of page.acknowledged) if (!kept.has(version)) found.push(`page ${page.pageId} lost "${version.split('\n')[0]}" from its history`);
    return found;
  }

  it(`keeps every acknowledged save of ${CLIENTS} concurrent clients through ${ROUNDS} kills at random moments`, async () => {
    const pages: TrackedPage[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const refused: string[] = [];
      const before = pages.reduce((sum, page) => sum + page.acknowledged.length, 0);
      const saving = Promise.all(clients.map((client, c) => saveUntilKilled(client, `round ${round} client ${c}`, pages, refused)));
      await sleep(KILL_AFTER_MS.min + Math.random() * (KILL_AFTER_MS.max - KILL_AFTER_MS.min));
      expect(await quire.stop('SIGKILL')).toBeNull();
      await saving;
      expect(refused).toEqual([]);
      expect(pages.reduce((sum, page) => sum + page.acknowledged.length, 0)).toBeGreaterThan(before);
      expect(integrityCheck(path.join(root, 'data', 'quire.db'))).toEqual(['ok']);

      await quire.start();
      const lost: string[] = [];
      for (const page of pages) lost.push(...(await losses(page)));
      expect(lost).toEqual([]);
    }
  }, 240_000);
});
