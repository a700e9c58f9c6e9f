import type { BrowserVisitor } from './browser-session';
import type { QuireApp } from './quire-app';

/** Registers `username` through the app's API in the visitor's browser session (captcha solved from the store). */
export async function registerThroughApi(visitor: BrowserVisitor, quire: QuireApp, username: string, password: string): Promise<void> {
  await visitor.page.request.get('/api/common/verify?rand=1');
  const code = await quire.captchaCode((await visitor.cookie('quire_client')) as string);
  const reply = await visitor.post('/api/user/register', { username, password, confirm_password: password, v_code: code });
  const body = (await reply.json()) as { error_code: number; error_message?: string };
  if (body.error_code !== 0) throw new Error(`register ${username}: ${body.error_code} ${body.error_message}`);
}

/** A call with the visitor's session; fails the test on an error reply. */
export async function callApi<T>(visitor: BrowserVisitor, path: string, form: Record<string, string | number> = {}): Promise<T> {
  const reply = await visitor.post(`/api/${path}`, form);
  const body = (await reply.json()) as { error_code: number; error_message?: string; data: T };
  if (body.error_code !== 0) throw new Error(`${path}: ${body.error_code} ${body.error_message}`);
  return body.data;
}
