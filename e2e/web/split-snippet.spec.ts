import { splitSnippet } from '../../web/src/features/search/lib/split-snippet';

describe(splitSnippet.name, () => {
  it('cuts the snippet at the mark tags into plain and marked runs, still escaped', () => {
    expect(splitSnippet('…调用 <mark>导出</mark>接口 &amp; <mark>exports</mark> the &quot;order&quot;…')).toEqual([
      { text: '…调用 ', marked: false },
      { text: '导出', marked: true },
      { text: '接口 &amp; ', marked: false },
      { text: 'exports', marked: true },
      { text: ' the &quot;order&quot;…', marked: false },
    ]);
  });

  it('leaves the escaped markup of the page in the text, an escaped mark tag included', () => {
    expect(splitSnippet('&lt;script&gt;alert(1)&lt;/script&gt; &lt;mark&gt;x&lt;/mark&gt; <mark>token</mark>')).toEqual([
      { text: '&lt;script&gt;alert(1)&lt;/script&gt; &lt;mark&gt;x&lt;/mark&gt; ', marked: false },
      { text: 'token', marked: true },
    ]);
  });

  it('answers a snippet without a match as one plain run, and an empty one as none', () => {
    expect(splitSnippet('no match here')).toEqual([{ text: 'no match here', marked: false }]);
    expect(splitSnippet('')).toEqual([]);
  });
});
