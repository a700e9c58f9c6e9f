import { JudgedIndex } from '../../../load-tests/src/search-judged/judge';
import { JUDGED_QUERIES } from '../../../load-tests/src/search-judged/queries';
import { DEFAULT_SEGMENTER } from '../src/index/tokenizer';

/**
 * What a user notices on the judged corpus (load-tests/src/search-judged/): the page they expect
 * is in the first five hits. The whole metric is `npm run bench`'s (bench-search-quality.ts).
 */
describe('search on the judged corpus', () => {
  let index: JudgedIndex;

  beforeAll(async () => {
    index = await JudgedIndex.open(DEFAULT_SEGMENTER);
  });
  afterAll(() => index.close());

  /** The judged query of this keyword: its best page must be among the first `within` hits. */
  const expectBestPageWithin = (keyword: string, within: number) => {
    const judged = JUDGED_QUERIES.find((query) => query.keyword === keyword);
    expect(judged).toBeDefined();
    expect(index.top(keyword, within)).toContain(judged?.relevant[0]);
  };

  it.each(['幂等', '回滚', '预扣', '签名校验', '纳税人识别号'])('finds a Chinese word in the middle of a sentence: %s', (keyword) => {
    expectBestPageWithin(keyword, 5);
  });

  it.each(['支付回调', '库存释放'])('finds Chinese words typed run together that the page has apart: %s', (keyword) => {
    expectBestPageWithin(keyword, 5);
  });

  it.each(['export invoices', 'retried webhooks', 'coupon expired'])('finds English words by their stem: %s', (keyword) => {
    expectBestPageWithin(keyword, 5);
  });

  it.each(['order_id', 'tracking_no', 'user info'])('finds a code identifier, whole or by its parts: %s', (keyword) => {
    expectBestPageWithin(keyword, 5);
  });

  it.each(['getUserInfo', '101003', 'INVENTORY_LOCK_TIMEOUT', '"rate limited"'])('puts the one page of an identifier, error code or phrase first: %s', (keyword) => {
    expectBestPageWithin(keyword, 1);
  });

  it('answers a page a Chinese word and an English word share: OOMKilled 排查', () => {
    expectBestPageWithin('OOMKilled 排查', 1);
  });
});
