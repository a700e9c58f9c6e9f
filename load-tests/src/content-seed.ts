import * as http from 'node:http';
import { pool } from './http-measure';

/** A form POST client for seeding over the public API, with kept-alive connections. */
export class SeedClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly baseUrl: string,
    private readonly cookie: string,
    readonly parallel: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: parallel });
  }

  /** The envelope's `data`; an error envelope throws. */
  post<T>(route: string, params: Record<string, string | number>): Promise<T> {
    const body = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return new Promise<T>((resolve, reject) => {
      const req = http.request(
        `${this.baseUrl}${route}`,
        {
          method: 'POST',
          agent: this.agent,
          // The site's own Origin: a change the session cookie carries is refused without it.
          headers: { cookie: this.cookie, origin: this.baseUrl, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              const envelope = JSON.parse(text) as { error_code: number; data?: T };
              if (envelope.error_code === 0) resolve(envelope.data as T);
              else reject(new Error(`${route} answered ${text.slice(0, 300)}`));
            } catch {
              reject(new Error(`${route} answered ${res.statusCode}: ${text.slice(0, 300)}`));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const WORDS = (
  'service gateway request response header token session cache index query schema table column record field value ' +
  'deploy release version branch commit review test build pipeline runner artifact image container volume network ' +
  'client server socket stream buffer queue worker job retry timeout latency throughput memory disk storage backup ' +
  'user team member role permission item page catalog history template share attachment upload download export'
).split(' ');

/** Deterministic text of about `length` characters (a small LCG, so every run seeds the same pages). */
export function prose(seed: number, length: number): string {
  let state = (seed * 2654435761) >>> 0;
  const words: string[] = [];
  let size = 0;
  while (size < length) {
    state = (state * 1103515245 + 12345) >>> 0;
    const word = WORDS[state % WORDS.length];
    words.push(word);
    size += word.length + 1;
  }
  return words.join(' ');
}

/** The word the search bench looks for: in one page out of SEARCH_HIT_EVERY. */
export const SEARCH_KEYWORD = 'kubernetes';
export const SEARCH_HIT_EVERY = 100;

export interface MenuItem {
  itemId: number;
  pageIds: number[];
}

/**
 * An item of `pages` pages spread over `catalogs` top-level catalogs, written through the open
 * API (`item/updateByApi` with a catalog path), the way a script fills an item.
 */
export async function seedMenuItem(client: SeedClient, pages: number, catalogs: number): Promise<MenuItem> {
  const { item_id: itemId } = await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: `Menu of ${pages} pages` });
  const key = await client.post<{ api_key: string; api_token: string }>('/api/item/getKey', { item_id: itemId });
  const pageIds: number[] = new Array<number>(pages);
  await pool(pages, client.parallel, async (i) => {
    const page = await client.post<{ page_id: number }>('/api/item/updateByApi', {
      api_key: key.api_key,
      api_token: key.api_token,
      cat_name: `Section ${String(i % catalogs).padStart(2, '0')}`,
      page_title: `Page ${i}`,
      page_content: prose(i, 800),
      s_number: i,
    });
    pageIds[i] = page.page_id;
  });
  return { itemId, pageIds };
}

export interface HistoryItem {
  itemId: number;
  pageIds: number[];
  saves: number;
  seconds: number;
}

/** Page content of version `version` of page `i`: one page in SEARCH_HIT_EVERY mentions the keyword. */
export function pageContent(i: number, version: number): string {
  const hit = i % SEARCH_HIT_EVERY === 0 ? ` deployed on ${SEARCH_KEYWORD} ` : ' ';
  return `# Page ${i}\n\n${prose(i, 500)}${hit}${prose(i + 7919, 400)}\n\nrevision ${version}`;
}

/**
 * An item of `pages` pages, each saved `1 + versions` times with `page/save` (as the editor
 * does), so each keeps `versions` previous versions in its history.
 */
export async function seedHistoryItem(client: SeedClient, pages: number, versions: number): Promise<HistoryItem> {
  const started = process.hrtime.bigint();
  const { item_id: itemId } = await client.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: `History of ${pages} pages` });
  const pageIds: number[] = new Array<number>(pages);
  await pool(pages, client.parallel, async (i) => {
    const page = await client.post<{ page_id: number }>('/api/page/save', { item_id: itemId, page_title: `Topic ${i}`, page_content: pageContent(i, 0) });
    pageIds[i] = page.page_id;
  });
  for (let version = 1; version <= versions; version++) {
    await pool(pages, client.parallel, async (i) => {
      await client.post('/api/page/save', { item_id: itemId, page_id: pageIds[i], page_title: `Topic ${i}`, page_content: pageContent(i, version) });
    });
  }
  return { itemId, pageIds, saves: pages * (versions + 1), seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}
