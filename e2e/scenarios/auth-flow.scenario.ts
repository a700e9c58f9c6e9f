import { ApiClient } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';

/** Loads a captcha image in the client's browser session and returns the code behind it. */
export async function solveCaptcha(target: SystemTarget, client: ApiClient): Promise<string> {
  const image = await client.request(`/api/common/verify?rand=${Math.random()}`);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toBe('image/png');
  expect(image.body.subarray(1, 4).toString('latin1')).toBe('PNG');
  const clientId = client.cookie('quire_client');
  expect(clientId).toMatch(/^[a-f0-9]{32}$/);
  return target.captchaCode(clientId as string);
}

/** A new user registered through HTTP (captcha solved), logged in in its own client. */
export async function registerUser(target: SystemTarget, username: string, password: string): Promise<ApiClient> {
  const client = new ApiClient(target.baseUrl);
  const vCode = await solveCaptcha(target, client);
  expect(await client.post('/api/user/register', { username, password, confirm_password: password, v_code: vCode })).toMatchObject({ error_code: 0 });
  return client;
}

/** Register → captcha → login → info → logout, through HTTP, as a browser does it. */
export function describeAuthFlow(target: () => SystemTarget): void {
  it('registers with a captcha, reads info, logs out, logs back in', async () => {
    const client = new ApiClient(target().baseUrl);
    const username = `reader${Date.now() % 100000}`;

    const vCode = await solveCaptcha(target(), client);
    const registered = await client.post('/api/user/register', { username, password: 'secret-pass', confirm_password: 'secret-pass', v_code: vCode });
    expect(registered).toMatchObject({ error_code: 0, data: { username, user_token: expect.any(String) } });
    expect(client.cookie('cookie_token')).toMatch(/^[a-f0-9]{64}$/);

    const info = await client.post<{ username: string; groupid: number; email: string; email_verify: number }>('/api/user/info');
    expect(info.error_code).toBe(0);
    expect(info.data).toMatchObject({ username, groupid: 2, email: '', email_verify: 0 });
    expect(JSON.stringify(info.data)).not.toMatch(/password/);

    expect(await client.post('/api/user/logout')).toEqual({ error_code: 0, data: [] });
    expect(client.cookie('cookie_token')).toBeUndefined();
    expect(await client.post('/api/user/info')).toEqual({ error_code: 10102, error_message: expect.any(String) });

    const login = await client.post<{ username: string; user_token: string }>('/api/user/login', { username, password: 'secret-pass' });
    expect(login.error_code).toBe(0);
    expect(login.data?.username).toBe(username);
    expect(client.cookie('cookie_token')).toBe(login.data?.user_token);
    expect((await client.post<{ username: string }>('/api/User/Info')).data?.username).toBe(username);
  });

  it('asks for the captcha after five wrong passwords and lets the right one in with it', async () => {
    const client = new ApiClient(target().baseUrl);
    const username = `guard${Date.now() % 100000}`;
    const vCode = await solveCaptcha(target(), client);
    expect((await client.post('/api/user/register', { username, password: 'right-pass', confirm_password: 'right-pass', v_code: vCode })).error_code).toBe(0);
    await client.post('/api/user/logout');

    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await client.post('/api/user/login', { username, password: 'wrong-pass' })).error_code);
    expect(codes).toEqual([10204, 10204, 10204, 10204, 10210]);
    expect((await client.post('/api/user/login', { username, password: 'right-pass' })).error_code).toBe(10206);

    const code = await solveCaptcha(target(), client);
    expect((await client.post('/api/user/login', { username, password: 'right-pass', v_code: code })).error_code).toBe(0);
  });

  it('accepts the session as the user_token parameter, as scripts send it', async () => {
    const browser = new ApiClient(target().baseUrl);
    const username = `script${Date.now() % 100000}`;
    const vCode = await solveCaptcha(target(), browser);
    await browser.post('/api/user/register', { username, password: 'script-pass', confirm_password: 'script-pass', v_code: vCode });
    const token = browser.cookie('cookie_token') as string;

    const script = new ApiClient(target().baseUrl);
    const info = await script.get<{ username: string }>(`/server/index.php?s=/api/user/info&user_token=${token}`);
    expect(info.data?.username).toBe(username);
  });
}
