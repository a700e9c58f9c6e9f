import { containsText, escapeHtml, unescapeHtml } from './text';

describe(containsText.name, () => {
  it('matches the text literally and case-insensitively', () => {
    expect(containsText('A.b*(').test('xa.B*(y')).toBe(true);
    expect(containsText('a.b').test('axb')).toBe(false);
    expect(containsText('(').test('a(b')).toBe(true);
  });
});

describe(escapeHtml.name, () => {
  it('round-trips every character through unescapeHtml', () => {
    const text = `<script>alert("x") & 'y'</script> &amp;`;
    expect(escapeHtml(text)).toBe('&lt;script&gt;alert(&quot;x&quot;) &amp; &#039;y&#039;&lt;/script&gt; &amp;amp;');
    expect(unescapeHtml(escapeHtml(text))).toBe(text);
  });
});
