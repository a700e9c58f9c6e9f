import { parseArgs } from 'node:util';
import { JOURNEYS, seedJourneys, type JourneyName } from './journeys';
import { formatResults, runExportJourney, runJourney, startLoadTarget, urlTarget, type LoadResult, type TargetKind } from './load-runner';

/**
 * The load runner for machines without k6: the k6 journeys against either target, each for a
 * bounded time, printing requests/s, p50/p95/p99 and errors.
 *
 *   node load-tests/dist/run-load.js --target embedded|distributed [--page-replicas 2]
 *        [--journeys read-page,read-menu,search,save-page,export] [--seconds 5] [--connections 10]
 *   node load-tests/dist/run-load.js --url https://docs.example.com --username showdoc --password …
 *
 * Exits 1 when a journey saw an error.
 */
const MAX_SECONDS = 120;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      target: { type: 'string', default: 'embedded' },
      url: { type: 'string' },
      username: { type: 'string', default: 'showdoc' },
      password: { type: 'string', default: process.env.QUIRE_ADMIN_PASSWORD ?? '' },
      journeys: { type: 'string', default: JOURNEYS.join(',') },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      'page-replicas': { type: 'string', default: '2' },
    },
  });
  const journeys = (values.journeys ?? '').split(',').filter(Boolean) as JourneyName[];
  const unknown = journeys.filter((j) => !(JOURNEYS as readonly string[]).includes(j));
  if (unknown.length > 0) throw new Error(`unknown journey ${unknown.join(', ')}; choose from ${JOURNEYS.join(', ')}`);
  const seconds = Math.min(MAX_SECONDS, Math.max(1, Number(values.seconds)));
  const connections = Math.min(200, Math.max(1, Number(values.connections)));
  if (!values.url && values.target !== 'embedded' && values.target !== 'distributed') throw new Error('--target is embedded or distributed (or give --url)');

  const target = values.url
    ? await urlTarget(values.url.replace(/\/+$/, ''), values.username ?? 'showdoc', values.password ?? '')
    : await startLoadTarget(values.target as TargetKind, { pageReplicas: Number(values['page-replicas']) });
  const results: LoadResult[] = [];
  try {
    console.log(`seeding ${target.name} …`);
    const fixtures = await seedJourneys(target.baseUrl, target.cookie);
    for (const journey of journeys) {
      console.log(`${journey}: ${connections} connections for ${seconds} s`);
      results.push(
        journey === 'export'
          ? await runExportJourney(target, fixtures, { seconds, connections: Math.min(connections, 2) })
          : await runJourney(target, journey, fixtures, { seconds, connections }),
      );
    }
  } finally {
    await target.stop();
  }
  console.log(`\n${formatResults(results)}`);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
