import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@quire/config';
import { startEmbeddedApp } from '@quire/embedded';
import { KeyValueStore } from '@quire/platform';
import { ApiClient, freePort, startSmtpCapture, type CapturedMail, type SmtpCapture } from '@quire/testing';

/** The administrator console, open registration and mail links over HTTP, on the embedded server with an SMTP server. */
describe('admin console and mail, embedded over HTTP', () => {
  let app: NestExpressApplication;
  let dataDir: string;
  let baseUrl: string;
  let capture: SmtpCapture;
  let admin: ApiClient;

  const captcha = async (client: ApiClient) => {
    await client.request(`/api/common/verify?rand=${Math.random()}`);
    return (await app.get(KeyValueStore).get(`captcha:${client.cookie('quire_client')}`)) ?? '';
  };
  const register = async (username: string, password = 'secret-pass') => {
    const client = new ApiClient(baseUrl);
    const reply = await client.post('/api/user/register', { username, password, confirm_password: password, v_code: await captcha(client) });
    return { client, reply };
  };
  const postJson = async (client: ApiClient, route: string, body: unknown) =>
    (await client.request(route, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();
  /** The n-th mail (from 1) to an address, once it arrived (the queue sends in the background). */
  const mailTo = async (to: string, n: number): Promise<CapturedMail> => {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      const mail = capture.messages.filter((m) => m.to === to)[n - 1];
      if (mail) return mail;
    }
    throw new Error(`no mail #${n} to ${to}`);
  };

  beforeAll(async () => {
    capture = await startSmtpCapture();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-admin-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    app = await startEmbeddedApp(loadConfig({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: 'admin-pass', SMTP_URL: capture.url, PUBLIC_URL: baseUrl }), {
      logger: false,
    });
    admin = new ApiClient(baseUrl);
    expect((await admin.post('/api/user/login', { username: 'showdoc', password: 'admin-pass' })).error_code).toBe(0);
  });

  afterAll(async () => {
    await app?.close();
    await capture?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('switches open registration with a JSON saveConfig, and the register screen hears of it', async () => {
    expect(await postJson(admin, '/api/adminSetting/saveConfig', { register_open: 0, ldap_open: 0, home_page: '1', ldap_form: { host: '', port: 389 } })).toEqual({
      error_code: 0,
      data: [],
    });
    expect((await new ApiClient(baseUrl).post('/api/common/homePageSetting')).data).toMatchObject({ register_open: 0 });
    expect((await register('closed_door')).reply).toEqual({ error_code: 10101, error_message: 'Registration has been closed by the administrator' });

    await postJson(admin, '/api/adminSetting/saveConfig', { register_open: 1 });
    expect((await new ApiClient(baseUrl).post('/api/common/homePageSetting')).data).toMatchObject({ register_open: 1 });
    expect((await register('open_door')).reply).toMatchObject({ error_code: 0, data: { username: 'open_door', user_token: expect.any(String) } });
  });

  it('answers a malformed ldap_form with 10011', async () => {
    const reply = await postJson(admin, '/api/adminSetting/saveConfig', { register_open: 1, ldap_open: 1, ldap_form: '{"host":' });
    expect(reply).toEqual({ error_code: 10011, error_message: "Parameter 'ldap_form' must be a JSON object" });
  });

  it('keeps the console from users who are not administrators', async () => {
    const { client } = await register('curious_user');
    for (const route of ['/api/adminUser/getList', '/api/adminItem/getList', '/api/adminSetting/loadConfig', '/api/adminMail/outbox', '/api/adminNotice/send']) {
      expect(await client.post(route, { title: 't', content: 'c' })).toEqual({ error_code: 10103, error_message: 'No permissions' });
    }
  });

  it('lists users by page for the administrator', async () => {
    const page = await admin.post<{ total: number; users: { username: string }[] }>('/api/adminUser/getList', { username: '_door', page: 1, count: 7 });
    expect(page).toMatchObject({ error_code: 0, data: { total: 1, users: [{ username: 'open_door' }] } });
  });

  it('binds and verifies an e-mail address, then resets the password through the mailed link', async () => {
    const { client } = await register('mail_user', 'first-pass');
    expect(await client.post('/api/user/updateEmail', { email: 'mail.user@example.com', password: 'first-pass' })).toEqual({ error_code: 0, data: [] });
    const verify = new URL(/https?:\/\/\S+/.exec((await mailTo('mail.user@example.com', 1)).text)?.[0] ?? '');
    expect(verify.pathname).toBe('/user/verifyEmail');
    expect(await new ApiClient(baseUrl).post('/api/user/verifyEmail', Object.fromEntries(verify.searchParams))).toEqual({ error_code: 0, data: [] });
    expect((await client.post('/api/user/info')).data).toMatchObject({ email: 'mail.user@example.com', email_verify: 1 });

    await app.get(KeyValueStore).delete('mail-throttle:mail.user@example.com');
    const stranger = new ApiClient(baseUrl);
    expect(await stranger.post('/api/user/resetPasswordEmail', { email: 'mail.user@example.com', v_code: await captcha(stranger) })).toEqual({ error_code: 0, data: [] });
    const reset = new URL(/https?:\/\/\S+/.exec((await mailTo('mail.user@example.com', 2)).text)?.[0] ?? '');
    expect(reset.pathname).toBe('/user/ResetPasswordByUrl');

    const browser = new ApiClient(baseUrl);
    const done = await browser.post('/api/user/resetPasswordByUrl', { ...Object.fromEntries(reset.searchParams), new_password: 'second-pass' });
    expect(done).toMatchObject({ error_code: 0, data: { username: 'mail_user' } });
    expect((await browser.post('/api/user/info')).data).toMatchObject({ username: 'mail_user' });
    // The session from before the reset is over.
    expect((await client.post('/api/user/info')).error_code).toBe(10102);
  });
});
