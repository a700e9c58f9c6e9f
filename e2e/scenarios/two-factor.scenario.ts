import type { LoggedInUser, TwoFactorChallenge, TwoFactorRecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { generate } from 'otplib';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** The code an authenticator app shows now, or one 30 seconds away (`offset` steps). */
export const totp = (secret: string, offset = 0): Promise<string> => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

/** An account made by the administrator (no captcha), and the administrator's client. */
export async function newAccount(target: SystemTarget, prefix: string): Promise<{ username: string; password: string; admin: ApiClient }> {
  const admin = new ApiClient(target.baseUrl);
  ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
  const username = `${prefix}${Date.now() % 1_000_000}`;
  ok(await admin.post('/api/adminUser/addUser', { username, password: 'pass-1234' }));
  return { username, password: 'pass-1234', admin };
}

/** Signs the account in with its password and, when asked, the second factor; the client holds the session. */
export async function signIn(target: SystemTarget, username: string, password: string, secret?: string): Promise<ApiClient> {
  const client = new ApiClient(target.baseUrl);
  const first = await client.post<TwoFactorChallenge>('/api/user/login', { username, password });
  if (first.error_code === 0 || !secret) {
    ok(first);
    return client;
  }
  expect(first.error_code).toBe(10212);
  // The next step's code: the current one may have just been used (enrolment), and a code works once.
  ok(await client.post('/api/user/loginTwoFactor', { challenge: first.data!.challenge, code: await totp(secret, 1) }));
  return client;
}

/**
 * Two-factor sign-in (issue 21) over HTTP: enrolment with a confirmed code and ten recovery codes, the login's
 * challenge and code, no replay, recovery codes used once, wrong codes limited, the site's requirement with
 * enrolment during the login, the administrator's reset, and turning it off.
 */
export function describeTwoFactor(system: () => SystemTarget): void {
  const target = () => system();

  /** An account with its second factor on: its secret, recovery codes and a signed-in client. */
  const enrolled = async (prefix: string) => {
    const { username, password, admin } = await newAccount(target(), prefix);
    const client = await signIn(target(), username, password);
    const setup = ok(await client.post<TwoFactorSetup>('/api/twoFactor/setup'));
    const { recovery_codes } = ok(await client.post<TwoFactorRecoveryCodes>('/api/twoFactor/enable', { code: await totp(setup.secret) }));
    return { username, password, admin, client, secret: setup.secret, recoveryCodes: recovery_codes };
  };

  it('enrols with a QR code and a confirming code, and gives ten one-time recovery codes', async () => {
    const { username, password } = await newAccount(target(), 'enrol');
    const client = await signIn(target(), username, password);
    expect(ok(await client.post<TwoFactorStatus>('/api/twoFactor/status'))).toEqual({ enabled: false, recovery_codes_left: 0, required: false });
    const setup = ok(await client.post<TwoFactorSetup>('/api/twoFactor/setup'));
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauth_url).toBe(`otpauth://totp/Quire:${username}?secret=${setup.secret}&issuer=Quire`);
    expect(
      Buffer.from(setup.qrcode.replace(/^data:image\/png;base64,/, ''), 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const wrong = String((Number(await totp(setup.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await client.post('/api/twoFactor/enable', { code: wrong })).toMatchObject({ error_code: 10101, error_message: 'The code is incorrect or was already used' });
    expect(ok(await client.post<TwoFactorStatus>('/api/twoFactor/status')).enabled).toBe(false);

    const { recovery_codes } = ok(await client.post<TwoFactorRecoveryCodes>('/api/twoFactor/enable', { code: await totp(setup.secret) }));
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(recovery_codes).size).toBe(10);
    expect(ok(await client.post<TwoFactorStatus>('/api/twoFactor/status'))).toEqual({ enabled: true, recovery_codes_left: 10, required: false });
    expect(await client.post('/api/twoFactor/setup')).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('already on') });
  });

  it('asks for the code after the password: no session until a right code, and a code works only once', async () => {
    const { username, password, secret } = await enrolled('login');
    const client = new ApiClient(target().baseUrl);
    const first = await client.post<TwoFactorChallenge>('/api/user/login', { username, password });
    expect(first).toMatchObject({ error_code: 10212, error_message: 'Enter the code from your authenticator app', data: { expires_in: 300 } });
    expect(await client.post('/api/user/info')).toMatchObject({ error_code: 10102 });

    const challenge = first.data!.challenge;
    expect(await client.post('/api/user/loginTwoFactor', { challenge, code: '000000' })).toMatchObject({ error_code: 10101 });
    expect(await client.post('/api/user/info')).toMatchObject({ error_code: 10102 });
    // The code of the next step is right too (clocks drift), and it is used up by this login.
    const code = await totp(secret, 1);
    const user = ok(await client.post<LoggedInUser>('/api/user/loginTwoFactor', { challenge, code }));
    expect(user.username).toBe(username);
    expect(ok(await client.post<{ username: string }>('/api/user/info')).username).toBe(username);

    expect(await client.post('/api/user/loginTwoFactor', { challenge, code })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('expired or was already used') });
    const again = new ApiClient(target().baseUrl);
    const second = await again.post<TwoFactorChallenge>('/api/user/login', { username, password });
    expect(await again.post('/api/user/loginTwoFactor', { challenge: second.data!.challenge, code })).toMatchObject({
      error_code: 10101,
      error_message: 'The code is incorrect or was already used',
    });
    expect(await again.post('/api/user/info')).toMatchObject({ error_code: 10102 });
  });

  it('takes each recovery code once', async () => {
    const { username, password, recoveryCodes, client } = await enrolled('recover');
    const login = async () => {
      const fresh = new ApiClient(target().baseUrl);
      const first = await fresh.post<TwoFactorChallenge>('/api/user/login', { username, password });
      return { fresh, challenge: first.data!.challenge };
    };
    const a = await login();
    ok(await a.fresh.post('/api/user/loginTwoFactor', { challenge: a.challenge, code: recoveryCodes[3].toUpperCase() }));
    const b = await login();
    expect(await b.fresh.post('/api/user/loginTwoFactor', { challenge: b.challenge, code: recoveryCodes[3] })).toMatchObject({ error_code: 10101 });
    expect(ok(await client.post<TwoFactorStatus>('/api/twoFactor/status')).recovery_codes_left).toBe(9);
  });

  it('drops a challenge after five wrong codes, refuses made-up challenges, and limits wrong codes like passwords', async () => {
    const { username, password, secret } = await enrolled('guess');
    const client = new ApiClient(target().baseUrl);
    const { challenge } = (await client.post<TwoFactorChallenge>('/api/user/login', { username, password })).data!;
    for (let i = 0; i < 5; i++) expect(await client.post('/api/user/loginTwoFactor', { challenge, code: `11111${i}` })).toMatchObject({ error_code: 10101 });
    expect(await client.post('/api/user/loginTwoFactor', { challenge, code: await totp(secret) })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('expired') });
    expect(await client.post('/api/user/loginTwoFactor', { challenge: 'made-up', code: await totp(secret) })).toMatchObject({
      error_code: 10101,
      error_message: expect.stringContaining('expired'),
    });
    expect(await client.post('/api/user/loginTwoFactor', { challenge, code: '' })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('code') });

    const next = (await client.post<TwoFactorChallenge>('/api/user/login', { username, password })).data!.challenge;
    for (let i = 0; i < 4; i++) await client.post('/api/user/loginTwoFactor', { challenge: next, code: `22222${i}` });
    // Ten failures of this account from this address (five and four codes, one at the last challenge): the next try waits.
    const third = (await client.post<TwoFactorChallenge>('/api/user/login', { username, password })).data!.challenge;
    await client.post('/api/user/loginTwoFactor', { challenge: third, code: '333333' });
    expect(await client.post('/api/user/loginTwoFactor', { challenge: third, code: await totp(secret) })).toMatchObject({ error_code: 10429 });
  });

  it('a site that requires it has the user enrol during the login, and keeps the factor on', async () => {
    const { username, password, admin } = await newAccount(target(), 'forced');
    ok(
      await admin
        .request('/api/adminSetting/saveConfig', { method: 'POST', body: JSON.stringify({ two_factor_required: 'everyone' }), headers: { 'content-type': 'application/json' } })
        .then((r) => r.json()),
    );
    try {
      const client = new ApiClient(target().baseUrl);
      const first = await client.post<TwoFactorChallenge>('/api/user/login', { username, password });
      expect(first).toMatchObject({ error_code: 10213, error_message: expect.stringContaining('requires two-factor') });
      expect(await client.post('/api/user/loginTwoFactor', { challenge: first.data!.challenge, code: '123456' })).toMatchObject({ error_code: 10101 });
      const setup = ok(await client.post<TwoFactorSetup>('/api/twoFactor/setup', { challenge: first.data!.challenge }));
      const enabled = ok(await client.post<TwoFactorRecoveryCodes & { user: LoggedInUser }>('/api/twoFactor/enable', { challenge: first.data!.challenge, code: await totp(setup.secret) }));
      expect(enabled.recovery_codes).toHaveLength(10);
      expect(enabled.user.username).toBe(username);
      expect(ok(await client.post<TwoFactorStatus>('/api/twoFactor/status'))).toEqual({ enabled: true, recovery_codes_left: 10, required: true });
      expect(await client.post('/api/twoFactor/disable', { code: enabled.recovery_codes[0] })).toMatchObject({
        error_code: 10101,
        error_message: expect.stringContaining('cannot be turned off'),
      });
    } finally {
      ok(
        await admin
          .request('/api/adminSetting/saveConfig', { method: 'POST', body: JSON.stringify({ two_factor_required: 'off' }), headers: { 'content-type': 'application/json' } })
          .then((r) => r.json()),
      );
    }
  });

  it('the administrator resets a lost factor; the user turns it off with a code', async () => {
    const lost = await enrolled('lost');
    const uid = ok(await lost.client.post<{ uid: number }>('/api/user/info')).uid;
    ok(await lost.admin.post('/api/adminUser/resetTwoFactor', { uid }));
    ok(await new ApiClient(target().baseUrl).post('/api/user/login', { username: lost.username, password: lost.password }));
    expect(await lost.admin.post('/api/adminUser/resetTwoFactor', { uid })).toMatchObject({ error_code: 10101 });
    expect(await lost.client.post('/api/adminUser/resetTwoFactor', { uid })).toMatchObject({ error_code: 10103 });

    const leaving = await enrolled('off');
    expect(await leaving.client.post('/api/twoFactor/disable', { code: '999999' })).toMatchObject({ error_code: 10101 });
    ok(await leaving.client.post('/api/twoFactor/disable', { code: await totp(leaving.secret, 1) }));
    ok(await new ApiClient(target().baseUrl).post('/api/user/login', { username: leaving.username, password: leaving.password }));
  });
}
