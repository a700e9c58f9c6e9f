import * as fs from 'node:fs';
import * as path from 'node:path';
import { describeFuzz } from '../scenarios/fuzz.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((entry) => fs.statSync(path.join(dir, entry)).isFile()).sort();
}

/** The fuzz suite against `npm start`'s single process, booted in the test process: a crash of the app ends the test run. */
describe('fuzz, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    // The limiter would answer most calls of the rate-limited routes with 10429 before any validation runs.
    system = await startEmbeddedSystem({ RATE_LIMIT_PER_MINUTE: '1000000' });
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeFuzz(() => ({
    system: system.target,
    storedFiles: () => filesUnder(path.join(system.dataDir, 'files')).filter((file) => !file.startsWith(`pack${path.sep}`)),
    openConnections: () => new Promise<number>((resolve, reject) => system.app.getHttpServer().getConnections((error, count) => (error ? reject(error) : resolve(count)))),
  }));
});
