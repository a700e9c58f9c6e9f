import { sanitizeNoticeHtml } from './notice-html';

describe(sanitizeNoticeHtml.name, () => {
  it('keeps the whitelisted formatting and links', () => {
    const html = '<p>Hello <b>Ann</b>, see <a href="/12">the <i>item</i></a> and <a href="https://example.com/x?a=1&amp;b=2">docs</a>.</p><ul><li>one</li></ul>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it('drops scripts, styles and frames with their content', () => {
    expect(sanitizeNoticeHtml('<p>hi</p><script>alert(1)</script><style>body{display:none}</style><iframe src="https://evil.test"></iframe>')).toBe('<p>hi</p>');
    expect(sanitizeNoticeHtml('<SCRIPT SRC=//evil.test/x.js></SCRIPT>ok')).toBe('ok');
    expect(sanitizeNoticeHtml('<object data="x.swf"></object><embed src="x.swf"><form action="/x"><input name="p"></form>ok')).toBe('ok');
  });

  it('drops event handlers and style attributes', () => {
    expect(sanitizeNoticeHtml('<b onclick="alert(1)" onmouseover=alert(2) style="color:red">x</b>')).toBe('<b>x</b>');
    expect(sanitizeNoticeHtml('<img src=x onerror=alert(1)>text')).toBe('text');
    expect(sanitizeNoticeHtml('<svg onload=alert(1)><circle /></svg>t')).toBe('t');
  });

  it('drops javascript:, data: and vbscript: URLs, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#x09;script:alert(1)',
      '&#106;avascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.test/x',
    ]) {
      const clean = sanitizeNoticeHtml(`<a href="${href}">link</a>`);
      expect([href, clean]).toEqual([href, '<a>link</a>']);
    }
  });

  it('makes links that open a new tab drop the opener', () => {
    expect(sanitizeNoticeHtml('<a href="https://example.com" target="_top">x</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('escapes stray markup characters in text', () => {
    expect(sanitizeNoticeHtml('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
    expect(sanitizeNoticeHtml('"><script>alert(1)</script>')).toBe('"&gt;');
  });
});
