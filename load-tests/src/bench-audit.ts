import { setTimeout as sleep } from 'node:timers/promises';
import { startDistributedSystem, type ServiceApp } from '@quire/e2e';
import { ADMIN_PASSWORD, embedded, login, type BenchTarget } from './bench-targets';
import { form, printGoals } from './bench-format';
import { seedJourneys, type JourneyFixtures } from './journeys';
import { formatResults, runJourney, type LoadResult } from './load-runner';

/**
 * `npm run bench` (issue 20): writing the audit log never slows the action it records. Every page/save publishes an
 * activity on the change feed after its commit; the audit service records it.
 * 1. Embedded (the audit module always in the process): the page/save rate, and how long after the last save the
 *    audit log holds every one of them (its lag).
 * 2. Distributed: page/save with the audit service running (one process following JetStream) against the same
 *    backend without it (the activities are still published, nobody records them). Both backends stay up and the
 *    runs alternate, ROUNDS times, so each ratio compares runs seconds apart; the median round is judged.
 * Goal: with the audit log on, the distributed save rate stays at or above RATIO_GOAL of the rate without it, and
 * every save is recorded, none twice.
 */
const SECONDS = 4;
const ROUNDS = 5;
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 2;
const RATIO_GOAL = 0.8;
/** A recording later than this is a failure, not a slow sample. */
const LAG_GIVE_UP_MS = 120_000;

interface Backend {
  target: BenchTarget;
  fixtures: JourneyFixtures;
  /** Saves the warm-up run had acknowledged. */
  warmUpSaves: number;
}

/**
 * Whether the log holds every acknowledged save once: no fewer entries, and no more than the requests that were in
 * flight when each of `runs` runs' time was up (cut off unanswered, yet the server may have saved and recorded them).
 */
const recordedOnce = (recorded: number, acknowledged: number, runs: number): boolean => recorded >= acknowledged && recorded <= acknowledged + CONNECTIONS * runs;

async function distributedBackend(audit: boolean): Promise<BenchTarget> {
  const services: ServiceApp[] = ['auth', 'item', 'page', 'admin', ...(audit ? (['audit'] as const) : [])];
  const system = await startDistributedSystem({ services, env: { RATE_LIMIT_PER_MINUTE: '100000', REQUEST_TIMEOUT_MS: '20000', QUIRE_ADMIN_PASSWORD: ADMIN_PASSWORD } });
  try {
    return {
      name: `distributed, audit ${audit ? 'on' : 'off'}`,
      baseUrl: system.target.baseUrl,
      cookie: await login(Number(new URL(system.target.baseUrl).port)),
      stop: () => system.stop(),
    };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

async function seeded(start: () => Promise<BenchTarget>): Promise<Backend> {
  const target = await start();
  try {
    const fixtures = await seedJourneys(target.baseUrl, target.cookie);
    const warmUp = await runJourney(target, 'save-page', fixtures, { seconds: WARM_UP_SECONDS, connections: CONNECTIONS });
    return { target, fixtures, warmUpSaves: warmUp.requests - warmUp.errors };
  } catch (error) {
    await target.stop();
    throw error;
  }
}

/** How many page.update entries of the item the audit log holds. */
async function recordedSaves(backend: Backend): Promise<number> {
  const response = await fetch(`${backend.target.baseUrl}/api/admin/auditLog`, {
    method: 'POST',
    headers: { cookie: backend.target.cookie, origin: backend.target.baseUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ item_id: backend.fixtures.itemId, action: 'page.update', count: 1 }),
  });
  const envelope = (await response.json()) as { error_code: number; data?: { total: number } };
  if (envelope.error_code !== 0 || !envelope.data) throw new Error(`admin/auditLog failed: ${JSON.stringify(envelope)}`);
  return envelope.data.total;
}

/** Milliseconds from now until the log holds `expected` saves (checking it never holds more). */
async function lag(backend: Backend, expected: number): Promise<{ ms: number; recorded: number }> {
  const started = Date.now();
  for (;;) {
    const recorded = await recordedSaves(backend);
    if (recorded >= expected) return { ms: Date.now() - started, recorded };
    if (Date.now() - started > LAG_GIVE_UP_MS) return { ms: Number.POSITIVE_INFINITY, recorded };
    await sleep(50);
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const started = Date.now();
  const goals: [string, boolean][] = [];

  // 1. Embedded: every save of the warm-up, the run and the seeding is an activity the process records.
  const local = await seeded(embedded);
  try {
    const run = await runJourney(local.target, 'save-page', local.fixtures, { seconds: SECONDS, connections: CONNECTIONS });
    const expected = local.warmUpSaves + run.requests - run.errors;
    const caught = await lag(local, expected);
    console.log(`\npage/save on the embedded process with the audit log on — ${CONNECTIONS} connections for ${SECONDS} s`);
    console.log(formatResults([run]));
    console.log(`audit log: ${caught.recorded} page.update entries of the item (${expected} saves acknowledged); all recorded ${caught.ms.toFixed(0)} ms after the last save`);
    goals.push([`embedded: every save recorded once (${caught.recorded} entries for ${expected} acknowledged saves)`, recordedOnce(caught.recorded, expected, 2)]);
  } finally {
    await local.target.stop();
  }

  // 2. Distributed, with and without the audit service.
  const on = await seeded(() => distributedBackend(true));
  let off: Backend | undefined;
  try {
    off = await seeded(() => distributedBackend(false));
    const rounds: { on: LoadResult; off: LoadResult; ratio: number }[] = [];
    let acknowledged = on.warmUpSaves;
    for (let round = 0; round < ROUNDS; round++) {
      const withAudit = await runJourney(on.target, 'save-page', on.fixtures, { seconds: SECONDS, connections: CONNECTIONS });
      const without = await runJourney(off.target, 'save-page', off.fixtures, { seconds: SECONDS, connections: CONNECTIONS });
      acknowledged += withAudit.requests - withAudit.errors;
      rounds.push({ on: withAudit, off: without, ratio: withAudit.rps / without.rps });
    }
    const caught = await lag(on, acknowledged);
    console.log(
      `\npage/save distributed (gateway, auth, item, page, admin as processes over NATS), audit service on vs off — ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} connections`,
    );
    console.log(formatResults(rounds.flatMap((round) => [round.on, round.off])));
    const ratio = median(rounds.map((round) => round.ratio));
    console.log(`rounds (on / off): ${rounds.map((round) => `${round.on.rps.toFixed(0)}/${round.off.rps.toFixed(0)} = ${(round.ratio * 100).toFixed(0)}%`).join(', ')}`);
    console.log(`audit log: ${caught.recorded} page.update entries for ${acknowledged} acknowledged saves; all recorded ${caught.ms.toFixed(0)} ms after the last one`);
    goals.push([`distributed page/save with the audit log ≥ ${RATIO_GOAL * 100}% of without it (median round): ${(ratio * 100).toFixed(0)}%`, ratio >= RATIO_GOAL]);
    goals.push([`distributed: every save recorded once (${caught.recorded} entries for ${acknowledged} acknowledged saves)`, recordedOnce(caught.recorded, acknowledged, ROUNDS + 1)]);
    goals.push(['no errors', rounds.every((round) => round.on.errors + round.off.errors === 0)]);
  } finally {
    await off?.target.stop();
    await on.target.stop();
  }

  const allMet = printGoals(goals);
  console.log(`\naudit bench finished in ${((Date.now() - started) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
