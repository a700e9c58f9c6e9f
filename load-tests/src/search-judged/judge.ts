import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadConfig } from '@quire/config';
import { cjkWords, runsOf, SearchIndex, textTokens, type WordSegmenter } from '@quire/search-service';
import { judgedCorpus, type JudgedPage } from './corpus';
import { JUDGED_QUERIES, type JudgedQuery } from './queries';

/** The item every judged page sits in. */
const ITEM_ID = 1;

/** The judged corpus in a real SearchIndex (its own DATA_DIR under the system's temp dir), cut by one segmenter. */
export class JudgedIndex {
  private constructor(
    private readonly index: SearchIndex,
    private readonly dir: string,
    private readonly slugs: Map<number, string>,
  ) {}

  static async open(segmenter: WordSegmenter, pages: JudgedPage[] = judgedCorpus()): Promise<JudgedIndex> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-judged-'));
    const index = new SearchIndex(loadConfig({ DATA_DIR: dir }), segmenter);
    await index.open();
    const catalogs = [...new Set(pages.map((page) => page.catalog))];
    await index.upsert(
      pages.map((page) => {
        const catId = catalogs.indexOf(page.catalog) + 1;
        return {
          page_id: page.id,
          item_id: ITEM_ID,
          cat_id: catId,
          cat_path: [{ cat_id: catId, cat_name: page.catalog }],
          page_title: page.title,
          page_content: page.content,
          author_uid: 1,
          author_username: 'writer',
          addtime: 1_750_000_000,
        };
      }),
    );
    return new JudgedIndex(index, dir, new Map(pages.map((page) => [page.id, page.slug])));
  }

  /** The slugs of the first `count` hits for a keyword, best first. */
  top(keyword: string, count: number): string[] {
    const query = this.index.parse(keyword);
    if (!query) return [];
    return this.index.search(query, { itemIds: [ITEM_ID], author: '', since: 0 }, 0, count).pages.map((page) => this.slugs.get(page.page_id) ?? '?');
  }

  async close(): Promise<void> {
    await this.index.onApplicationShutdown();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** One query's scores: precision@5 (relevant hits among the first 5, over 5) and recall@10 (relevant pages among the first 10, over all relevant). */
export interface QueryScore {
  query: JudgedQuery;
  top: string[];
  precisionAt5: number;
  recallAt10: number;
}

export function scoreQuery(index: JudgedIndex, query: JudgedQuery): QueryScore {
  const top = index.top(query.keyword, 10);
  const relevant = new Set(query.relevant);
  const hits = (count: number) => top.slice(0, count).filter((slug) => relevant.has(slug)).length;
  return { query, top, precisionAt5: hits(5) / 5, recallAt10: hits(10) / relevant.size };
}

export function scoreAll(index: JudgedIndex, queries: JudgedQuery[] = JUDGED_QUERIES): QueryScore[] {
  return queries.map((query) => scoreQuery(index, query));
}

/**
 * The share of (Chinese query, relevant page) pairs in which the page's words hold the query's words
 * in a row: what the segmenter finds on its own, before the bigram columns catch a word it cut
 * otherwise in the page than in the query.
 */
export function wordAgreement(segmenter: WordSegmenter, pages: JudgedPage[] = judgedCorpus(), queries: JudgedQuery[] = JUDGED_QUERIES): number {
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const pairs = queries
    .filter((query) => query.lang === 'zh')
    .flatMap((query) => query.relevant.map((slug) => ({ query, page: bySlug.get(slug) })))
    .filter((pair) => pair.page !== undefined);
  const agreeing = pairs.filter(({ query, page }) => {
    const tokens = ` ${textTokens(`${page?.title}\n${page?.content}`, segmenter).join(' ')} `;
    const cjkRuns = runsOf(query.keyword).filter((run) => run.cjk);
    return cjkRuns.every((run) => tokens.includes(` ${cjkWords(run.text, segmenter).join(' ')} `));
  });
  return agreeing.length / Math.max(1, pairs.length);
}
