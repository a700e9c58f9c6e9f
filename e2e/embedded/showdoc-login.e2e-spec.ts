import { DocumentStore, KeyValueStore } from '@quire/platform';
import { captchaByIdKey } from '@quire/proto';
import { describeShowdocLogin } from '../scenarios/showdoc-login.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

describe('ShowDoc 3.x logins, embedded', () => {
  let system: EmbeddedSystem;
  const users = () => system.app.get(DocumentStore).collection<{ username: string; password_hash: string }>('users');

  beforeAll(async () => {
    system = await startEmbeddedSystem();
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeShowdocLogin(
    () => system.target,
    () => ({
      captchaCode: async (captchaId) => (await system.app.get(KeyValueStore).get(captchaByIdKey(captchaId))) ?? '',
      passwordHash: async (username) => (await users().findOne({ username }))?.password_hash ?? '',
      setPasswordHash: async (username, passwordHash) => {
        expect(await users().updateOne({ username }, { $set: { password_hash: passwordHash } })).toBe(1);
      },
    }),
  );
});
