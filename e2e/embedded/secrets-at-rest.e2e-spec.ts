import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { hashSecret, LocalDatabase } from '@quire/platform';
import { sessionKey, userSessionsKey, type LoggedInUser } from '@quire/proto';
import { ApiClient } from '@quire/testing';
import { filesLeaking, openToOthers, plantSecrets, scanTree, type PlantedSecrets } from '../scenarios/secrets-at-rest.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('secrets at rest, embedded', () => {
  let parent: string;
  let dataDir: string;
  let system: EmbeddedSystem | undefined;

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-secrets-'));
    dataDir = path.join(parent, 'data');
  });
  afterEach(async () => {
    await system?.stop();
    system = undefined;
    fs.rmSync(parent, { recursive: true, force: true });
  });

  const boot = async (): Promise<EmbeddedSystem> => (system = await startEmbeddedSystem({ DATA_DIR: dataDir }));

  it("no session token, visit password or api token lies in any file under DATA_DIR, and only Quire's user can read them", async () => {
    const { target } = await boot();

    const secrets = await plantSecrets(target);
    const tree = scanTree(dataDir);

    expect(tree.files.map((f) => path.basename(f.file))).toEqual(expect.arrayContaining(['quire.db', 'quire.db-wal']));
    expect(filesLeaking(tree, secrets)).toEqual([]);
    expect(openToOthers(tree)).toEqual([]);
    // The key that encrypts them lies beside DATA_DIR, not in it, readable by Quire's user only.
    expect(fs.readdirSync(parent).sort()).toEqual(['data', 'data.key']);
    expect(fs.statSync(path.join(parent, 'data.key')).mode & 0o777).toBe(0o600);
    // And every secret still works.
    const script = new ApiClient(target.baseUrl);
    expect((await script.post('/api/user/info', { user_token: secrets.sessionToken })).error_code).toBe(0);
    expect((await script.post('/api/item/updateByApi', { api_key: secrets.apiKey, api_token: secrets.apiToken, page_title: 'Again', page_content: 'v2' })).error_code).toBe(0);
  });

  it('converts a DATA_DIR written the old way at the first start: the user stays signed in, nothing readable is left', async () => {
    const secrets = await plantSecrets((await boot()).target);
    await system?.stop();
    system = undefined;
    await writeTheOldWay(dataDir, secrets);
    const before = scanTree(dataDir);
    expect(filesLeaking(before, secrets).length).toBeGreaterThan(0);
    expect(openToOthers(before).length).toBeGreaterThan(0);

    const { target } = await boot();

    const browser = new ApiClient(target.baseUrl);
    const info = await browser.post<LoggedInUser>('/api/user/info', { user_token: secrets.sessionToken });
    expect(info).toMatchObject({ error_code: 0, data: { username: 'showdoc' } });
    expect((await browser.post<{ password: string }>('/api/item/detail', { item_id: secrets.itemId, user_token: secrets.sessionToken })).data?.password).toBe(secrets.visitPassword);
    const script = new ApiClient(target.baseUrl);
    expect((await script.post('/api/item/updateByApi', { api_key: secrets.apiKey, api_token: secrets.apiToken, page_title: 'After', page_content: 'v3' })).error_code).toBe(0);
    const visitor = new ApiClient(target.baseUrl);
    expect((await visitor.post('/api/item/pwd', { item_id: secrets.itemId, password: secrets.visitPassword })).error_code).toBe(0);
    const after = scanTree(dataDir);
    expect(filesLeaking(after, secrets)).toEqual([]);
    expect(openToOthers(after)).toEqual([]);
  });
});

/**
 * Rewrites what Quire stored into the forms of before encryption at rest, through the store adapters:
 * the session under its token (and the user's set of tokens), the visit password and the api token
 * as typed, files 0644 and directories 0755 as an earlier version left them.
 */
async function writeTheOldWay(dataDir: string, secrets: PlantedSecrets): Promise<void> {
  const local = new LocalDatabase(dataDir);
  const { keyValue: kv, documents } = await local.stores();
  const hash = hashSecret(secrets.sessionToken);
  const record = (await kv.get(sessionKey(hash))) as string;
  const { uid } = JSON.parse(record) as { uid: number };
  await kv.delete(sessionKey(hash));
  await kv.delete(userSessionsKey(uid));
  await kv.set(`session:${secrets.sessionToken}`, record, 3600);
  await kv.addToSet(`user-session-set:${uid}`, [secrets.sessionToken], 3600);

  await documents.collection<{ item_id: number; password: string }>('items').updateOne({ item_id: secrets.itemId }, { $set: { password: secrets.visitPassword } });
  await documents.collection<{ item_id: number; api_token: string }>('item_tokens').updateOne({ item_id: secrets.itemId }, { $set: { api_token: secrets.apiToken } });
  await local.close();

  const loosen = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) loosen(full);
      fs.chmodSync(full, entry.isDirectory() ? 0o755 : 0o644);
    }
  };
  loosen(dataDir);
  fs.chmodSync(dataDir, 0o755);
}
