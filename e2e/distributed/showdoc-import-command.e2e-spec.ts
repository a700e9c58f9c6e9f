import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ItemListEntry } from '@quire/proto';
import { ApiClient } from '@quire/testing';
import { SHOWDOC_IMAGE as IMAGE, SHOWDOC_FIXTURE, npmRunImport, ok } from '../scenarios/showdoc-import.scenario';
import { describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * `npm run import:showdoc -- --distributed` against running services (no import service deployed): the command
 * copies the files into the bucket and the auth, item, page and team services write their records over NATS.
 */
describeDistributed('npm run import:showdoc, distributed', () => {
  let system: DistributedSystem;
  let dataDir: string;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ['auth', 'admin', 'item', 'page', 'team', 'notice', 'search'], s3: true });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-import-command-'));
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('imports through the running services, and a second run adds nothing', async () => {
    const s3 = system.servers.s3;
    if (!s3) throw new Error('the system runs without S3');
    const env = {
      NATS_URL: system.servers.nats.url,
      REDIS_URL: system.servers.redis.url,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      // The command seals nothing: the services keep visit passwords and tokens under their own key.
      QUIRE_SECRET_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
    };
    const args = ['--distributed', '--db', path.join(SHOWDOC_FIXTURE, 'showdoc.db'), '--uploads', path.join(SHOWDOC_FIXTURE, 'Uploads')];
    const run = await npmRunImport(env, args);
    expect(run.stderr).not.toContain('Import failed');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('into the distributed Quire at nats://');
    expect(run.stdout).toContain('items: 4 imported');

    const alice = new ApiClient(system.target.baseUrl);
    ok(await alice.post('/api/user/login', { username: 'alice', password: 'alice-pass-1' }));
    expect(
      ok(await alice.post<ItemListEntry[]>('/api/item/myList'))
        .map((item) => item.item_name)
        .sort(),
    ).toEqual(['Payments API', '内部运维手册']);
    const file = await alice.request('/server/index.php?s=/api/attachment/visitFile&sign=555de090ebae1877580d350c3a801cc9');
    expect(file.body.equals(fs.readFileSync(IMAGE))).toBe(true);

    const again = await npmRunImport(env, args);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('items: 0 imported, 4 already there');
  }, 120_000);
});
