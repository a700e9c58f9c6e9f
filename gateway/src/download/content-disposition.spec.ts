import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('sends a UTF-8 name percent-encoded (RFC 5987) with an ASCII fallback', () => {
    expect(contentDisposition('attachment', '接口 文档.pdf')).toBe(`attachment; filename="__ __.pdf"; filename*=UTF-8''%E6%8E%A5%E5%8F%A3%20%E6%96%87%E6%A1%A3.pdf`);
  });

  it('cannot be made to end the header or add a parameter', () => {
    const header = contentDisposition('attachment', 'evil"; filename=x.html\r\nSet-Cookie: a=b');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="evil_; filename=x.htmlSet-Cookie: a=b"; filename*=UTF-8''evil%22%3B%20filename%3Dx.htmlSet-Cookie%3A%20a%3Db`);
  });

  it('encodes the characters RFC 5987 does not allow raw, and lone surrogates', () => {
    expect(contentDisposition('inline', "it's (1)*.png")).toBe(`inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`);
    expect(contentDisposition('inline', 'a\uD800.png')).toContain(`filename*=UTF-8''a%EF%BF%BD.png`);
  });

  it('names an unnamed file', () => {
    expect(contentDisposition('attachment', '')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
