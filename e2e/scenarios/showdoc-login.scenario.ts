import { DatabaseSync } from 'node:sqlite';
import type { LoggedInUser } from '@quire/proto';
import { ApiClient, SHOWDOC_FIXTURE_DB } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';

/** The real ShowDoc 3.9.2 site beside the repository (its README lists the users and passwords). */
const SHOWDOC_DB = SHOWDOC_FIXTURE_DB;

/** What lies behind the API that this scenario reads or sets up, each mode its own way. */
export interface BehindTheApi {
  /** The code a `common/createCaptcha` captcha holds (tests cannot read the image). */
  captchaCode(captchaId: number): Promise<string>;
  /** The stored password hash of a user, as auth keeps it. */
  passwordHash(username: string): Promise<string>;
  /** Replaces a user's stored hash, as a ShowDoc import leaves it. */
  setPasswordHash(username: string, passwordHash: string): Promise<void>;
}

/** ShowDoc 3.9.2's stored password hash of one of its users. */
function showdocPasswordHash(username: string): string {
  const db = new DatabaseSync(SHOWDOC_DB, { readOnly: true });
  try {
    return (db.prepare('SELECT password FROM user WHERE username = ?').get(username) as { password: string }).password;
  } finally {
    db.close();
  }
}

/** ShowDoc 3.x's login calls through HTTP, as its web client makes them, and a user whose password came from ShowDoc. */
export function describeShowdocLogin(target: () => SystemTarget, behind: () => BehindTheApi): void {
  /** `POST common/createCaptcha`, then the image the page shows (`GET common/showCaptcha`), then the code in it. */
  const solvedCaptcha = async (client: ApiClient) => {
    const created = await client.post<{ captcha_id: number }>('/api/common/createCaptcha');
    expect(created).toEqual({ error_code: 0, data: { captcha_id: expect.any(Number) } });
    const captchaId = created.data?.captcha_id as number;
    const image = await client.request(`/api/common/showCaptcha?captcha_id=${captchaId}&t=${Date.now()}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    return { captcha_id: captchaId, captcha: await behind().captchaCode(captchaId) };
  };

  it('registers and logs in with captcha_id captchas, as the ShowDoc 3.x web client does', async () => {
    const client = new ApiClient(target().baseUrl);
    const username = `sd3user${Date.now() % 100000}`;

    const registered = await client.post<LoggedInUser>('/api/user/registerByVerify', { username, password: 'sd3-pass-1', confirm_password: 'sd3-pass-1', ...(await solvedCaptcha(client)) });
    expect(registered).toMatchObject({ error_code: 0, data: { username, groupid: 2, user_token: expect.stringMatching(/^[a-f0-9]{64}$/) } });
    expect(client.cookie('cookie_token')).toBe(registered.data?.user_token);
    expect(await client.post('/api/user/logout')).toEqual({ error_code: 0, data: [] });

    const login = await client.post<LoggedInUser>('/api/user/loginByVerify', { username, password: 'sd3-pass-1', ...(await solvedCaptcha(client)) });
    expect(login).toMatchObject({ error_code: 0, data: { username } });
    expect(client.cookie('cookie_token')).toBe(login.data?.user_token);
    expect((await client.post<{ username: string }>('/api/user/info')).data?.username).toBe(username);

    // A script sends the token it was given, as ShowDoc's clients do.
    const script = new ApiClient(target().baseUrl);
    expect((await script.post<{ username: string }>('/api/user/info', { user_token: login.data?.user_token as string })).data?.username).toBe(username);
  });

  it('refuses a wrong captcha with 10206, and the captcha it spent cannot be used again', async () => {
    const client = new ApiClient(target().baseUrl);
    const username = `sd3wrong${Date.now() % 100000}`;
    const first = await solvedCaptcha(client);
    expect((await client.post('/api/user/registerByVerify', { username, password: 'sd3-pass-1', confirm_password: 'sd3-pass-1', ...first })).error_code).toBe(0);
    await client.post('/api/user/logout');

    const solved = await solvedCaptcha(client);
    const wrong = solved.captcha === '1111' ? '2222' : '1111';
    const refused = await client.post('/api/user/loginByVerify', { username, password: 'sd3-pass-1', captcha_id: solved.captcha_id, captcha: wrong });
    expect(refused).toEqual({ error_code: 10206, error_message: expect.any(String) });
    expect(client.cookie('cookie_token')).toBeUndefined();
    expect((await client.post('/api/user/loginByVerify', { username, password: 'sd3-pass-1', ...solved })).error_code).toBe(10206);
    expect((await client.post('/api/user/loginByVerify', { username, password: 'sd3-pass-1', ...first })).error_code).toBe(10206);
    expect((await client.request(`/api/common/showCaptcha?captcha_id=${solved.captcha_id}`)).json()).toEqual({ error_code: 10206, error_message: expect.any(String) });

    expect((await client.post('/api/user/loginByVerify', { username, password: 'sd3-pass-2', ...(await solvedCaptcha(client)) })).error_code).toBe(10204);
    expect((await client.post('/api/user/loginByVerify', { username, password: 'sd3-pass-1', ...(await solvedCaptcha(client)) })).error_code).toBe(0);
  });

  it('refuses createCaptcha and the logins sent as GET, which never change anything', async () => {
    const client = new ApiClient(target().baseUrl);
    for (const call of ['common/createCaptcha', 'user/loginByVerify', 'user/registerByVerify']) {
      expect(await client.get(`/api/${call}`)).toEqual({ error_code: 10405, error_message: expect.any(String) });
    }
  });

  it('lets a user imported with its ShowDoc bcrypt password log in, and keeps an argon2id hash from then on', async () => {
    const client = new ApiClient(target().baseUrl);
    const username = `sd3alice${Date.now() % 100000}`;
    expect((await client.post('/api/user/registerByVerify', { username, password: 'placeholder-1', confirm_password: 'placeholder-1', ...(await solvedCaptcha(client)) })).error_code).toBe(
      0,
    );
    await client.post('/api/user/logout');
    const imported = showdocPasswordHash('alice');
    expect(imported).toMatch(/^\$2y\$10\$/);
    await behind().setPasswordHash(username, imported);

    expect((await client.post('/api/user/loginByVerify', { username, password: 'placeholder-1', ...(await solvedCaptcha(client)) })).error_code).toBe(10204);
    expect(await behind().passwordHash(username)).toBe(imported);

    const login = await client.post<LoggedInUser>('/api/user/loginByVerify', { username, password: 'alice-pass-1', ...(await solvedCaptcha(client)) });
    expect(login).toMatchObject({ error_code: 0, data: { username } });
    const upgraded = await behind().passwordHash(username);
    expect(upgraded).toMatch(/^\$argon2id\$/);

    await client.post('/api/user/logout');
    expect((await client.post('/api/user/login', { username, password: 'alice-pass-1' })).error_code).toBe(0);
    expect(await behind().passwordHash(username)).toBe(upgraded);
  });
}
