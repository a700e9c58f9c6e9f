import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import { readCookie } from './cookies';

/** A request as configureGateway's cookie-parser leaves it. */
function parsed(header: string | undefined): Request {
  const req = { headers: header === undefined ? {} : { cookie: header } } as Request;
  cookieParser()(req, {} as Response, () => undefined);
  return req;
}

describe(readCookie.name, () => {
  it('reads one cookie among others, decoded, the first of two with the same name', () => {
    const req = parsed('theme=dark; cookie_token=abc%2Fdef; cookie_token=second');

    expect(readCookie(req, 'cookie_token')).toBe('abc/def');
    expect(readCookie(req, 'theme')).toBe('dark');
  });

  it('reads a missing cookie, a request without cookies and a JSON (`j:`) value as absent', () => {
    expect(readCookie(parsed('theme=dark'), 'cookie_token')).toBeUndefined();
    expect(readCookie(parsed(undefined), 'cookie_token')).toBeUndefined();
    expect(readCookie(parsed('cookie_token=j%3A%7B%22a%22%3A1%7D'), 'cookie_token')).toBeUndefined();
  });
});
