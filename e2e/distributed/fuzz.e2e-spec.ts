import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFuzz } from '../scenarios/fuzz.scenario';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile()).sort();
}

/** A process that exited: signal 0 reaches only a live one. */
function isGone(pid: number | undefined): boolean {
  if (pid === undefined) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** The fuzz suite with the gateway and every service in its own process over NATS and Redis, files in S3. */
describeDistributed('fuzz, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({ services: ALL_SERVICES, s3: true, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  }, 90_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeFuzz(() => ({
    system: system.target,
    // Uploads stream from the gateway into S3; the gateway's own disk should hold none of them either.
    storedFiles: () => [
      ...filesUnder(system.servers.s3?.directory ?? '').map((file) => `s3/${file}`),
      ...filesUnder(path.join(system.dataRoot, 'gateway', 'files')).map((file) => `gateway/${file}`),
    ],
    deadProcesses: () => (['gateway', ...ALL_SERVICES] as const).filter((app) => isGone(system.process(app).pid())),
  }));
});
