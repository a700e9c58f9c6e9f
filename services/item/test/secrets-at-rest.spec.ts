import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DocumentStore, SecretCipher } from '@quire/platform';
import { type ItemRow, type ItemTokenRow, Subject } from '@quire/proto';
import { type ContextApp, createContextApp, testCaller } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { ItemModule } from '../src/item.module';
import { failure, ItemWorld, type User } from './item.factory';

interface StoredItem {
  item_id: number;
  password: string;
}
interface StoredToken {
  item_id: number;
  api_key: string;
  api_token: string;
}

const key = () => randomBytes(32).toString('base64');

/** Everything under the directory, read raw, as one text (what a copy of DATA_DIR gives away). */
function everyFile(dir: string): string {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

describe('item service: secrets at rest', () => {
  let parent: string;
  let dataDir: string;
  let ctx: ContextApp | undefined;
  let world: ItemWorld;

  /** The item service and its neighbours on DATA_DIR, with the given key environment. */
  async function boot(env: Record<string, string> = {}): Promise<void> {
    await stop();
    ctx = await createContextApp([ItemModule, PageModule, AuthModule, TeamModule, NoticeModule], { env: { LANGUAGE: 'en', DATA_DIR: dataDir, ...env } });
    world = new ItemWorld(ctx);
  }
  /** Closes the app: its files are complete on disk. */
  async function stop(): Promise<void> {
    await ctx?.close();
    ctx = undefined;
  }
  const raw = {
    item: (itemId: number) => ctx!.app.get(DocumentStore).collection<StoredItem>('items').findOne({ item_id: itemId }),
    token: (itemId: number) => ctx!.app.get(DocumentStore).collection<StoredToken>('item_tokens').findOne({ item_id: itemId }),
  };
  const detail = (owner: User, itemId: number) => world.send<ItemRow>(Subject.ItemItemDetail, owner, { item_id: itemId });
  const getKey = (owner: User, itemId: number) => world.send<ItemTokenRow>(Subject.ItemItemGetKey, owner, { item_id: itemId });
  const openApiWorks = (token: ItemTokenRow) =>
    world.send(Subject.ItemOpenUpdatePage, testCaller(), { api_key: token.api_key, api_token: token.api_token, page_title: 'From a script', page_content: 'x' }).then(
      () => true,
      () => false,
    );

  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-item-secrets-'));
    dataDir = path.join(parent, 'data');
  });
  afterEach(async () => {
    await stop();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('keeps visit passwords and api tokens encrypted in the store and its files, and shows them in clear to the creator', async () => {
    await boot();
    const owner = await world.user();
    const itemId = await world.item(owner, { password: 'first visit pass' });
    await world.send(Subject.ItemItemUpdate, owner, { item_id: itemId, password: 'second visit pass' });
    const token = await getKey(owner, itemId);
    const cipher = ctx!.app.get(SecretCipher);

    expect((await detail(owner, itemId)).password).toBe('second visit pass');
    expect(await getKey(owner, itemId)).toEqual(token);
    expect(cipher.isCurrent((await raw.item(itemId))!.password)).toBe(true);
    expect(cipher.isCurrent((await raw.token(itemId))!.api_token)).toBe(true);
    expect((await raw.token(itemId))!.api_key).toBe(token.api_key);
    // The visit password and the api token still work, compared with what was typed.
    const browser = testCaller();
    expect(await failure(world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'first visit pass' }))).toMatchObject({ key: 'access_password_are_incorrect' });
    expect(await world.send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'second visit pass' })).toEqual({ refer_url: '' });
    expect(await openApiWorks(token)).toBe(true);
    expect(await openApiWorks({ ...token, api_token: `${token.api_token}0` })).toBe(false);

    await stop();
    const files = everyFile(dataDir);
    expect(files).not.toContain('first visit pass');
    expect(files).not.toContain('second visit pass');
    expect(files).not.toContain(token.api_token);
  });

  it('encrypts at the first start what an earlier version stored in clear, and leaves none of it in the files', async () => {
    await boot();
    const owner = await world.user();
    const itemId = await world.item(owner);
    const token = await getKey(owner, itemId);
    const store = ctx!.app.get(DocumentStore);
    // As the earlier version wrote them: typed text.
    await store.collection<StoredItem>('items').updateOne({ item_id: itemId }, { $set: { password: 'typed-in-clear' } });
    await store.collection<StoredToken>('item_tokens').updateOne({ item_id: itemId }, { $set: { api_token: 'token-in-clear-0123456789' } });
    await stop();
    expect(everyFile(dataDir)).toContain('typed-in-clear');

    await boot();

    const cipher = ctx!.app.get(SecretCipher);
    expect(cipher.isCurrent((await raw.item(itemId))!.password)).toBe(true);
    expect(cipher.isCurrent((await raw.token(itemId))!.api_token)).toBe(true);
    expect((await detail(owner, itemId)).password).toBe('typed-in-clear');
    expect(await openApiWorks({ ...token, api_token: 'token-in-clear-0123456789' })).toBe(true);
    const files = everyFile(dataDir);
    expect(files).not.toContain('typed-in-clear');
    expect(files).not.toContain('token-in-clear-0123456789');
  });

  it('rotates: with the old key as previous, everything is re-encrypted under the new one at boot; the old key is then not needed', async () => {
    const [oldKey, newKey] = [key(), key()];
    await boot({ QUIRE_SECRET_KEY: oldKey });
    const owner = await world.user();
    const itemId = await world.item(owner, { password: 'rotated pass' });
    const token = await getKey(owner, itemId);
    const oldId = ctx!.app.get(SecretCipher).keyId;

    await boot({ QUIRE_SECRET_KEY: newKey, QUIRE_SECRET_KEY_PREVIOUS: oldKey });
    const cipher = ctx!.app.get(SecretCipher);
    expect(cipher.keyId).not.toBe(oldId);
    expect(cipher.isCurrent((await raw.item(itemId))!.password)).toBe(true);
    expect(cipher.isCurrent((await raw.token(itemId))!.api_token)).toBe(true);
    await stop();
    expect(everyFile(dataDir)).not.toContain(`enc:v1:${oldId}:`);

    await boot({ QUIRE_SECRET_KEY: newKey });
    expect((await detail(owner, itemId)).password).toBe('rotated pass');
    expect(await getKey(owner, itemId)).toEqual(token);
  });

  it('refuses to start with a key that does not open what is stored, naming the key it needs', async () => {
    const [rightKey, wrongKey] = [key(), key()];
    await boot({ QUIRE_SECRET_KEY: rightKey });
    const owner = await world.user();
    await world.item(owner, { password: 'locked away' });
    const neededId = ctx!.app.get(SecretCipher).keyId;
    await stop();

    await expect(boot({ QUIRE_SECRET_KEY: wrongKey })).rejects.toThrow(new RegExp(`sealed under key ${neededId}`));
  });
});
