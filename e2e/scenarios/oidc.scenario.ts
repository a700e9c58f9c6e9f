import type { LoggedInUser, OidcInfo, OidcSettings, OidcStart, TwoFactorChallenge, TwoFactorSetup } from '@quire/proto';
import { ApiClient, type ApiEnvelope, type OidcProviderProcess, startOidcProvider } from '@quire/testing';
import type { SystemTarget } from '../src/system-target';
import { newAccount, totp } from './two-factor.scenario';

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** The PUBLIC_URL the system runs with in these suites: the provider sends browsers back to it. */
export const OIDC_PUBLIC_URL = 'http://quire.test';

const postJson = async <T>(client: ApiClient, path: string, body: Record<string, string>): Promise<ApiEnvelope<T>> =>
  (await client.request(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json<ApiEnvelope<T>>();

/**
 * OpenID Connect single sign-on (issue 21) against a real provider (`oidc-provider`, started here): the administrator's
 * settings (checked by discovery, the secret masked), the sign-in that links an account by username or makes one
 * when allowed, the state that works once and only for the browser that started it, and the second factor after it.
 * The system runs with PUBLIC_URL=OIDC_PUBLIC_URL and HTTP_PROXY_ALLOW_HOSTS=127.0.0.1 (the provider is on loopback).
 */
export function describeOidc(system: () => SystemTarget): void {
  let provider: OidcProviderProcess;
  let admin: ApiClient;
  let existing: string;
  const settings = () => ({
    enabled: '1',
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret: provider.clientSecret,
    scopes: 'openid profile email',
    claim_username: 'preferred_username',
    claim_name: 'name',
    claim_email: 'email',
    button_label: 'Company SSO',
    create_users: '0',
  });
  /** A browser's whole round: start, the provider's login as `account`, the callback; the client and the callback's answer. */
  const signIn = async (account: string) => {
    const browser = new ApiClient(system().baseUrl);
    const { url } = ok(await browser.post<OidcStart>('/api/oidc/start'));
    const callback = await provider.signIn(url, account);
    return { browser, callback, reply: await browser.post<LoggedInUser>('/api/oidc/callback', { callback_url: callback }) };
  };

  beforeAll(async () => {
    const made = await newAccount(system(), 'ssolinked');
    existing = made.username;
    admin = made.admin;
    provider = await startOidcProvider({
      redirectUris: [`${OIDC_PUBLIC_URL}/oidc/callback`],
      accounts: {
        linked: { preferred_username: existing, name: 'Linked Person', email: 'linked@example.com', email_verified: true },
        alice: { preferred_username: `alice${Date.now() % 100000}`, name: 'Alice Example', email: `alice${Date.now() % 100000}@example.com`, email_verified: true },
        nameless: { preferred_username: 'x', email: 'nameless@example.com', email_verified: false },
      },
    });
  }, 60_000);

  afterAll(async () => {
    await provider?.stop();
  });

  it('refuses a wrong issuer with a clear message and saves nothing; saves a working provider with its secret masked', async () => {
    expect(ok(await admin.post<OidcInfo>('/api/oidc/info'))).toEqual({ enabled: false, label: '' });
    const unreachable = await postJson(admin, '/api/adminOidc/save', { ...settings(), issuer: 'http://127.0.0.1:9/' });
    expect(unreachable).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('could not be reached') });
    expect(await postJson(admin, '/api/adminOidc/save', { ...settings(), issuer: 'ftp://example.com' })).toMatchObject({
      error_code: 10101,
      error_message: 'The issuer must be an http(s) address',
    });
    expect(await postJson(admin, '/api/adminOidc/save', { ...settings(), scopes: 'profile email' })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('openid') });
    expect(ok(await admin.post<OidcSettings>('/api/adminOidc/load'))).toMatchObject({ enabled: '0', issuer: '', client_secret: '' });
    expect(await new ApiClient(system().baseUrl).post('/api/oidc/start')).toMatchObject({ error_code: 10101, error_message: 'Single sign-on is not turned on' });

    ok(await postJson(admin, '/api/adminOidc/save', settings()));
    expect(ok(await admin.post<OidcSettings>('/api/adminOidc/load'))).toEqual({ ...settings(), client_secret: '********' });
    expect(ok(await new ApiClient(system().baseUrl).post<OidcInfo>('/api/oidc/info'))).toEqual({ enabled: true, label: 'Company SSO' });
  });

  it('signs an existing account in by its username, with a session', async () => {
    const { browser, reply } = await signIn('linked');
    expect(ok(reply).username).toBe(existing);
    expect(ok(await browser.post<{ username: string }>('/api/user/info')).username).toBe(existing);
  });

  it('refuses an unknown account while the site creates none, then makes it when allowed', async () => {
    const refused = await signIn('alice');
    expect(refused.reply).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('does not create accounts') });
    expect(await refused.browser.post('/api/user/info')).toMatchObject({ error_code: 10102 });

    // The masked secret sent back keeps the saved one.
    ok(await postJson(admin, '/api/adminOidc/save', { ...settings(), client_secret: '********', create_users: '1' }));
    const made = await signIn('alice');
    const user = ok(made.reply);
    expect(user).toMatchObject({ name: 'Alice Example', email_verify: 1 });
    expect(user.email).toMatch(/^alice\d+@example\.com$/);
    expect(ok(await made.browser.post<{ username: string }>('/api/user/info')).username).toBe(user.username);
    // Signing in again finds the same account (by its verified e-mail).
    expect(ok((await signIn('alice')).reply).uid).toBe(user.uid);
  });

  it('takes a callback once, only from the browser that started it; a made-up state or a refusal changes nothing', async () => {
    const first = await signIn('linked');
    ok(first.reply);
    expect(await first.browser.post('/api/oidc/callback', { callback_url: first.callback })).toMatchObject({
      error_code: 10101,
      error_message: expect.stringContaining('expired or was already used'),
    });

    const starter = new ApiClient(system().baseUrl);
    const { url } = ok(await starter.post<OidcStart>('/api/oidc/start'));
    const callback = await provider.signIn(url, 'linked');
    const thief = new ApiClient(system().baseUrl);
    expect(await thief.post('/api/oidc/callback', { callback_url: callback })).toMatchObject({ error_code: 10101, error_message: expect.stringContaining('expired') });
    expect(await thief.post('/api/user/info')).toMatchObject({ error_code: 10102 });

    expect(await starter.post('/api/oidc/callback', { callback_url: `${OIDC_PUBLIC_URL}/oidc/callback?code=abc&state=made-up` })).toMatchObject({ error_code: 10101 });
    expect(await starter.post('/api/oidc/callback', { callback_url: 'not a url at all' })).toMatchObject({ error_code: 10101 });
    const denied = new ApiClient(system().baseUrl);
    const started = ok(await denied.post<OidcStart>('/api/oidc/start'));
    const state = new URL(started.url).searchParams.get('state');
    expect(await denied.post('/api/oidc/callback', { callback_url: `${OIDC_PUBLIC_URL}/oidc/callback?error=access_denied&error_description=User+said+no&state=${state}` })).toMatchObject({
      error_code: 10101,
      error_message: expect.stringContaining('User said no'),
    });
    expect(await denied.post('/api/user/info')).toMatchObject({ error_code: 10102 });
  });

  it('refuses a provider username Quire cannot use when making an account', async () => {
    expect((await signIn('nameless')).reply).toMatchObject({ error_code: 10101, error_message: 'The OpenID provider gave no usable username' });
  });

  it('asks for the second factor after the provider, as after a password', async () => {
    const { browser } = await signIn('linked');
    const setup = ok(await browser.post<TwoFactorSetup>('/api/twoFactor/setup'));
    ok(await browser.post('/api/twoFactor/enable', { code: await totp(setup.secret) }));
    const again = await signIn('linked');
    expect(again.reply).toMatchObject({ error_code: 10212 });
    expect(await again.browser.post('/api/user/info')).toMatchObject({ error_code: 10102 });
    const challenge = (again.reply.data as unknown as TwoFactorChallenge).challenge;
    expect(ok(await again.browser.post<LoggedInUser>('/api/user/loginTwoFactor', { challenge, code: await totp(setup.secret, 1) })).username).toBe(existing);
  });
}
