import { ApiClient, type ApiEnvelope, createUser } from '@quire/testing';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

const NOT_LOGGED_IN = { en: 'You are not logged in', zh: '你尚未登录' };
const LANGUAGE_NOT_ONE_OF = { en: "Parameter 'language' must be one of: , en, zh-cn", zh: '参数 language 只能是：, en, zh-cn' };

/** A form-encoded POST with the headers a test chooses (Accept-Language, cookies), answering the envelope. */
async function post<T = unknown>(client: ApiClient, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<ApiEnvelope<T>> {
  const response = await client.request(path, { method: 'POST', body: new URLSearchParams(params), headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  return response.json<ApiEnvelope<T>>();
}

/** The message of the same anonymous request (`user/info` without a session: 10102), asked with `headers`. */
async function notLoggedInMessage(system: EmbeddedSystem, path: string, headers: Record<string, string>): Promise<string | undefined> {
  const answer = await post(new ApiClient(system.target.baseUrl), path, {}, headers);
  expect(answer.error_code).toBe(10102);
  return answer.error_message;
}

describe('message language per request and per user, embedded (server LANGUAGE=en)', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem({ LANGUAGE: 'en' });
  });

  afterAll(async () => {
    await system?.stop();
  });

  it("follows Accept-Language: English for en, Chinese for zh-CN, the first of ours in the client's order, else the server's LANGUAGE", async () => {
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'en' })).toBe(NOT_LOGGED_IN.en);
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'zh-CN' })).toBe(NOT_LOGGED_IN.zh);
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe(NOT_LOGGED_IN.zh);
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'fr-FR, zh;q=0.5, en;q=0.3' })).toBe(NOT_LOGGED_IN.zh);
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'fr-FR' })).toBe(NOT_LOGGED_IN.en);
    expect(await notLoggedInMessage(system, '/api/user/info', {})).toBe(NOT_LOGGED_IN.en);
  });

  it("takes ShowDoc's signals first: ?l= over the think_language cookie over Accept-Language", async () => {
    expect(await notLoggedInMessage(system, '/api/user/info?l=zh-cn', { 'accept-language': 'en' })).toBe(NOT_LOGGED_IN.zh);
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'en', cookie: 'think_language=zh-cn' })).toBe(NOT_LOGGED_IN.zh);
    expect(await notLoggedInMessage(system, '/api/user/info?l=en-us', { 'accept-language': 'zh-CN', cookie: 'think_language=zh-cn' })).toBe(NOT_LOGGED_IN.en);
    expect(await notLoggedInMessage(system, '/server/index.php?s=/api/user/info&l=zh-cn', { 'accept-language': 'en' })).toBe(NOT_LOGGED_IN.zh);
  });

  it("follows the web app's visitor choice (the quire_lang cookie) over Accept-Language, under think_language", async () => {
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'en', cookie: 'quire_lang=zh-cn' })).toBe(NOT_LOGGED_IN.zh);
    expect(await notLoggedInMessage(system, '/api/user/info', { 'accept-language': 'zh-CN', cookie: 'quire_lang=en' })).toBe(NOT_LOGGED_IN.en);
    expect(await notLoggedInMessage(system, '/api/user/info', { cookie: 'think_language=en; quire_lang=zh-cn' })).toBe(NOT_LOGGED_IN.en);
  });

  it('words a body no parser can read in the request language too', async () => {
    const ask = (acceptLanguage: string) =>
      new ApiClient(system.target.baseUrl).request('/api/user/info', {
        method: 'POST',
        body: '{"name":',
        headers: { 'content-type': 'application/json', 'accept-language': acceptLanguage },
      });
    const english = await ask('en');
    const chinese = await ask('zh-CN');
    expect(english.status).toBe(400);
    expect(english.json()).toEqual({ error_code: 10400, error_message: 'The request body could not be read: malformed JSON' });
    expect(chinese.status).toBe(400);
    expect(chinese.json()).toEqual({ error_code: 10400, error_message: '请求内容无法解析：malformed JSON' });
  });

  it("stores a user's language, returns it from user/info, and words that user's messages in it, on every session, over Accept-Language", async () => {
    const user = await createUser(system.app);
    const laptop = new ApiClient(system.target.baseUrl);
    const phone = new ApiClient(system.target.baseUrl);
    for (const client of [laptop, phone]) expect((await post(client, '/api/user/login', { username: user.username, password: user.password })).error_code).toBe(0);
    expect(await post(laptop, '/api/user/updateInfo', { name: 'Lin' })).toEqual({ error_code: 0, data: [] });

    const before = await post<{ language: string; name: string }>(laptop, '/api/user/info');
    expect(before.data).toMatchObject({ language: '', name: 'Lin' });
    const refused = await post(laptop, '/api/user/updateInfo', { language: 'fr' }, { 'accept-language': 'en' });
    expect(refused).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.en });

    // The language alone: the name stays.
    expect(await post(laptop, '/api/user/updateInfo', { language: 'zh-CN' })).toEqual({ error_code: 0, data: [] });
    const after = await post<{ language: string; name: string }>(laptop, '/api/user/info');
    expect(after.data).toMatchObject({ language: 'zh-cn', name: 'Lin' });

    // The same bad request now answers in Chinese, with Accept-Language: en, on both sessions (the phone's began before the change).
    for (const client of [laptop, phone]) {
      expect(await post(client, '/api/user/updateInfo', { language: 'fr' }, { 'accept-language': 'en' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.zh });
    }
    // A new session starts with it; ShowDoc's explicit signals still win over it.
    const tablet = new ApiClient(system.target.baseUrl);
    expect((await post(tablet, '/api/user/login', { username: user.username, password: user.password })).error_code).toBe(0);
    expect(await post(tablet, '/api/user/updateInfo', { language: 'fr' }, { 'accept-language': 'en' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.zh });
    expect(await post(tablet, '/api/user/updateInfo?l=en', { language: 'fr' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.en });
    tablet.cookies.set('think_language', 'en-us');
    expect(await post(tablet, '/api/user/updateInfo', { language: 'fr' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.en });
    tablet.cookies.delete('think_language');

    // Another user on the same server keeps the browser's language.
    const other = await createUser(system.app);
    const colleague = new ApiClient(system.target.baseUrl);
    expect((await post(colleague, '/api/user/login', { username: other.username, password: other.password })).error_code).toBe(0);
    expect(await post(colleague, '/api/user/updateInfo', { language: 'fr' }, { 'accept-language': 'en' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.en });

    // No setting again: Accept-Language decides.
    expect(await post(phone, '/api/user/updateInfo', { language: '' })).toEqual({ error_code: 0, data: [] });
    expect((await post<{ language: string }>(laptop, '/api/user/info')).data?.language).toBe('');
    expect(await post(laptop, '/api/user/updateInfo', { language: 'fr' }, { 'accept-language': 'en' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.en });
    expect(await post(laptop, '/api/user/updateInfo', { language: 'fr' }, { 'accept-language': 'zh-CN' })).toEqual({ error_code: 10101, error_message: LANGUAGE_NOT_ONE_OF.zh });
  });
});
