import * as path from 'node:path';
import Redis from 'ioredis';
import { type Collection, SqliteDatabase, SqliteDocumentStore } from '@quire/platform';
import { captchaByIdKey } from '@quire/proto';
import { describeShowdocLogin } from '../scenarios/showdoc-login.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

type StoredUser = { username: string; password_hash: string };

describeDistributed('ShowDoc 3.x logins, distributed', () => {
  let system: DistributedSystem;
  let redis: Redis;

  /** The auth service's own database (its DATA_DIR), opened while auth is stopped, as an import tool would. */
  const withAuthUsers = async <T>(work: (users: Collection<StoredUser>) => Promise<T>): Promise<T> => {
    const auth = system.process('auth');
    await auth.stop();
    const db = new SqliteDatabase({ file: path.join(system.dataRoot, 'auth', 'quire.db') });
    try {
      return await work(new SqliteDocumentStore(db).collection<StoredUser>('users'));
    } finally {
      await db.close();
      await auth.start();
    }
  };

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin'] });
    redis = new Redis(system.servers.redis.url);
  }, 90_000);

  afterAll(async () => {
    redis?.disconnect();
    await system?.stop();
  }, 60_000);

  describeShowdocLogin(
    () => system.target,
    () => ({
      captchaCode: async (captchaId) => (await redis.get(captchaByIdKey(captchaId))) ?? '',
      passwordHash: (username) => withAuthUsers(async (users) => (await users.findOne({ username }))?.password_hash ?? ''),
      setPasswordHash: (username, passwordHash) =>
        withAuthUsers(async (users) => {
          expect(await users.updateOne({ username }, { $set: { password_hash: passwordHash } })).toBe(1);
        }),
    }),
  );
});
