import { parseKeyword } from './search-query';
import { matchedRanges, searchContent, snippetHtml, type Stemmer } from './snippet';

/** Enough of porter for these words: the index's own stemmer is tested through the service. */
const stem: Stemmer = (words) => new Map(words.map((word) => [word, word.replace(/(ed|s|ing)$/, '')]));

function marked(text: string, keyword: string): string {
  const query = parseKeyword(keyword);
  if (!query) throw new Error('no query');
  return snippetHtml(text, matchedRanges(text, query.marks, stem), 20, 60);
}

describe('snippets', () => {
  it('marks stemmed words, identifier parts and CJK words in the page text', () => {
    expect(marked('We exported the file', 'export ')).toBe('We <mark>exported</mark> the file');
    expect(marked('call getUserInfo now', 'user ')).toBe('call get<mark>User</mark>Info now');
    expect(marked('创建订单接口说明', '订单')).toBe('创建<mark>订单</mark>接口说明');
  });

  it('escapes the text: only <mark> is markup', () => {
    expect(marked('payload <script>alert(1)</script>', 'payload')).toBe('<mark>payload</mark> &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(marked('<b>&amp;</b> x', 'amp')).toBe('&lt;b&gt;&amp;<mark>amp</mark>;&lt;/b&gt; x');
  });

  it('cuts around the first match, between words, with an ellipsis on each cut side', () => {
    const text = `${'alpha '.repeat(20)}needle${' omega'.repeat(30)}`;
    expect(marked(text, 'needle')).toBe(`…alpha alpha alpha <mark>needle</mark>${' omega'.repeat(9)}…`);
  });

  it('gives ShowDoc 100 characters before the first match and 200 after, between ...', () => {
    const text = `${'x'.repeat(150)} 订单 ${'y'.repeat(300)}`;
    const query = parseKeyword('订单');
    const content = searchContent(text, matchedRanges(text, query!.marks, stem), 100, 200);
    expect(content).toBe(`...${text.slice(51, 351)}...`);
  });
});
