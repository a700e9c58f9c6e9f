import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { QuireConfig } from '@quire/config';
import type { SearchDocument } from '@quire/proto';
import { SearchIndex } from './search-index';

/** More pages than a search ranks by bm25 (RANKED_AT_MOST), all holding one common word, in two items. */
const PAGES = 6_000;
const ITEMS = [1, 2];

function pageOf(pageId: number, title: string, content: string): SearchDocument {
  return {
    page_id: pageId,
    item_id: ITEMS[pageId % ITEMS.length],
    cat_id: 0,
    cat_path: [],
    page_title: title,
    page_content: content,
    author_uid: 1,
    author_username: 'showdoc',
    addtime: 1_700_000_000 + pageId,
  };
}

describe(SearchIndex.name, () => {
  let dir: string;
  let sut: SearchIndex;
  const everywhere = { itemIds: ITEMS, author: '', since: 0 };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-search-index-'));
    sut = new SearchIndex({ dataDir: dir } as QuireConfig);
    await sut.open();
    const pages: SearchDocument[] = [];
    for (let pageId = 1; pageId <= PAGES; pageId++) {
      if (pageId === 3) pages.push(pageOf(pageId, 'Ammonite guide', 'How to tell them apart.'));
      else if (pageId === 8) pages.push(pageOf(pageId, 'Old notes', 'A note on the ammonite shell and its chambers.'));
      else pages.push(pageOf(pageId, `Page ${pageId}`, `Ammonite notes ${pageId}: the shell of this one is ribbed.`));
    }
    for (let at = 0; at < pages.length; at += 500) await sut.upsert(pages.slice(at, at + 500));
  });

  afterAll(async () => {
    await sut.onApplicationShutdown();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const search = (keyword: string, scope = everywhere) => sut.search(sut.parse(keyword)!, scope, 0, 20);

  it('puts an old title hit first among more hits than are ranked, and counts every hit', () => {
    const { total, pages } = search('ammonite');
    expect(total).toBe(PAGES);
    expect(pages[0].page_id).toBe(3);
    expect(pages).toHaveLength(20);
  });

  it('puts an old exact phrase first among more hits than are ranked', () => {
    const { total, pages } = search('ammonite shell');
    expect(total).toBe(PAGES - 1);
    expect(pages[0].page_id).toBe(8);
  });

  it('counts and ranks only the items in scope, with the author and date asked', () => {
    const firstItem = { itemIds: [ITEMS[1]], author: '', since: 0 };
    const { total, pages } = search('ammonite', firstItem);
    expect(total).toBe(PAGES / 2);
    expect(pages[0].page_id).toBe(3);
    expect(pages.every((page) => page.item_id === ITEMS[1])).toBe(true);
    expect(search('ammonite', { ...everywhere, since: 1_700_000_000 + PAGES - 99 }).total).toBe(100);
    expect(search('ammonite', { ...everywhere, author: 'someone else' }).total).toBe(0);
  });
});
