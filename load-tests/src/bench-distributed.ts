import { seedJourneys } from './journeys';
import { formatResults, runJourney, startLoadTarget, type LoadResult, type TargetKind } from './load-runner';

/**
 * `npm run bench` (distributed part): the read-page and save-page journeys on the embedded process
 * and on the distributed backend (gateway and all seven services as processes over NATS, two page
 * replicas in one queue group sharing a MongoDB-protocol store), same seed, same load.
 * Goal: distributed reads reach at least 60% of embedded's throughput, with zero errors.
 */
const SECONDS = 5;
const CONNECTIONS = 10;
const READ_RATIO_GOAL = 0.6;

async function measure(kind: TargetKind): Promise<LoadResult[]> {
  const target = await startLoadTarget(kind, { pageReplicas: 2 });
  try {
    const fixtures = await seedJourneys(target.baseUrl, target.cookie);
    // A short warm-up so both targets are measured with their code paths compiled.
    await runJourney(target, 'read-page', fixtures, { seconds: 1, connections: CONNECTIONS });
    return [
      await runJourney(target, 'read-page', fixtures, { seconds: SECONDS, connections: CONNECTIONS }),
      await runJourney(target, 'save-page', fixtures, { seconds: SECONDS, connections: CONNECTIONS }),
    ];
  } finally {
    await target.stop();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const embedded = await measure('embedded');
  const distributed = await measure('distributed');
  console.log(`\nEmbedded vs distributed — ${CONNECTIONS} connections for ${SECONDS} s per journey`);
  console.log(formatResults([embedded[0], distributed[0], embedded[1], distributed[1]]));
  const readRatio = distributed[0].rps / embedded[0].rps;
  const saveRatio = distributed[1].rps / embedded[1].rps;
  const errors = [...embedded, ...distributed].reduce((sum, r) => sum + r.errors, 0);
  const met = readRatio >= READ_RATIO_GOAL && errors === 0;
  console.log(`\ndistributed / embedded: reads ${(readRatio * 100).toFixed(0)}%, saves ${(saveRatio * 100).toFixed(0)}%; errors ${errors}`);
  console.log(`goal: ${met ? 'met' : 'MISSED'} — distributed reads ≥ ${READ_RATIO_GOAL * 100}% of embedded with zero errors`);
  console.log(`bench-distributed finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
