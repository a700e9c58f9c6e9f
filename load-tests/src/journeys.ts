import { SeedClient } from './content-seed';
import { form } from './bench-format';

/**
 * The main journeys of Quire under load, the same ones the k6 scripts in `load-tests/k6/` run:
 * read a page, read an item's menu, search an item, save a page, export an item to Word.
 */
export const JOURNEYS = ['read-page', 'read-menu', 'search', 'save-page', 'export'] as const;
export type JourneyName = (typeof JOURNEYS)[number];

/** What the journeys work on, seeded once per target through the public API. */
export interface JourneyFixtures {
  itemId: number;
  pageIds: number[];
}

export const SEED = { catalogs: 10, pagesPerCatalog: 10 } as const;

/** One HTTP request of a journey: a form POST and the text a correct answer contains. */
export interface JourneyRequest {
  path: string;
  /** A body per request (n counts the requests of the run), so saves and reads spread over pages. */
  body: (n: number) => string;
  expect: string;
}

/** The text of a page: a few paragraphs, a table and code, about 2 KB. */
export function pageText(n: number): string {
  const rows = Array.from({ length: 8 }, (_, r) => `| field_${r} | string | what field ${r} of record ${n} holds |`).join('\n');
  return `# Endpoint ${n}\n\nReturns the records of service ${n}; each record is a deployment unit.\n\n| name | type | note |\n|---|---|---|\n${rows}\n\n\`\`\`bash\ncurl -X POST /api/records/${n}\n\`\`\`\n`;
}

/** An item of 100 pages in 10 catalogs (about what a team's API docs hold), written by the logged-in user. */
export async function seedJourneys(baseUrl: string, cookie: string): Promise<JourneyFixtures> {
  const seed = new SeedClient(baseUrl, cookie, 8);
  try {
    const { item_id: itemId } = await seed.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Load test handbook' });
    const pageIds: number[] = [];
    for (let c = 0; c < SEED.catalogs; c++) {
      const { cat_id: catId } = await seed.post<{ cat_id: number }>('/api/catalog/save', { item_id: itemId, cat_name: `Service ${c}`, parent_cat_id: 0 });
      const saved = await Promise.all(
        Array.from({ length: SEED.pagesPerCatalog }, (_, p) => {
          const n = c * SEED.pagesPerCatalog + p;
          return seed.post<{ page_id: number }>('/api/page/save', { item_id: itemId, cat_id: catId, page_title: `Endpoint ${n}`, page_content: pageText(n), s_number: p });
        }),
      );
      pageIds.push(...saved.map((page) => page.page_id));
    }
    return { itemId, pageIds };
  } finally {
    seed.close();
  }
}

/** The request a single-request journey repeats; `export` is a sequence (see runExportJourney). */
export function journeyRequest(name: Exclude<JourneyName, 'export'>, fixtures: JourneyFixtures): JourneyRequest {
  const { itemId, pageIds } = fixtures;
  const pageOf = (n: number) => pageIds[n % pageIds.length];
  switch (name) {
    case 'read-page':
      return { path: '/api/page/info', body: (n) => form({ page_id: pageOf(n) }), expect: '"error_code":0' };
    case 'read-menu':
      return { path: '/api/item/info', body: () => form({ item_id: itemId }), expect: '"error_code":0' };
    case 'search':
      return { path: '/api/item/info', body: (n) => form({ item_id: itemId, keyword: `record ${n % 100}` }), expect: '"error_code":0' };
    case 'save-page':
      return {
        path: '/api/page/save',
        body: (n) => form({ item_id: itemId, page_id: pageOf(n), page_title: `Endpoint ${n % pageIds.length}`, page_content: `${pageText(n)}\nrevision ${n}` }),
        expect: '"error_code":0',
      };
  }
}
