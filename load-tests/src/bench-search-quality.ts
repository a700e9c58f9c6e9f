import { intlSegmenter, jiebaSegmenter, type WordSegmenter } from '@quire/search-service';
import { judgedCorpus } from './search-judged/corpus';
import { JudgedIndex, type QueryScore, scoreAll, wordAgreement } from './search-judged/judge';
import { JUDGED_QUERIES } from './search-judged/queries';

/**
 * `npm run bench` (search quality, issue 15): the judged query set (search-judged/) against the
 * real SearchIndex, once per CJK word segmenter, as precision@5 and recall@10 over all queries,
 * the Chinese ones and the English ones, and how often the segmenter alone cuts a Chinese query as
 * it cuts the pages that answer it (the bigram columns find the others). `ideal P@5` is what a perfect ranking would score (a
 * query with one relevant page scores at most 0.2). Prints the queries whose expected pages were
 * missed from the top 5 (BENCH_VERBOSE=1: every query's top 5).
 */
const SEGMENTERS: WordSegmenter[] = [intlSegmenter, jiebaSegmenter];

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const fixed = (value: number) => value.toFixed(3);

function row(name: string, scores: QueryScore[]): string {
  const ideal = mean(scores.map((score) => Math.min(5, score.query.relevant.length) / 5));
  const p5 = mean(scores.map((score) => score.precisionAt5));
  const r10 = mean(scores.map((score) => score.recallAt10));
  const found = scores.filter((score) => score.top.slice(0, 5).includes(score.query.relevant[0])).length;
  return `${name.padEnd(24)} | ${String(scores.length).padStart(7)} | ${fixed(p5)} | ${fixed(ideal)}     | ${fixed(r10)}  | ${found}/${scores.length}`;
}

async function measure(segmenter: WordSegmenter): Promise<{ scores: QueryScore[]; indexMs: number }> {
  segmenter.words('预热'); // a dictionary loads on first use, once per process: not part of indexing
  const started = performance.now();
  const index = await JudgedIndex.open(segmenter);
  const indexMs = performance.now() - started;
  try {
    return { scores: scoreAll(index), indexMs };
  } finally {
    await index.close();
  }
}

async function main(): Promise<void> {
  const pages = judgedCorpus();
  const zh = JUDGED_QUERIES.filter((query) => query.lang === 'zh').length;
  console.log(`Search quality: ${pages.length} judged pages, ${JUDGED_QUERIES.length} queries (${zh} Chinese)\n`);
  console.log('segmenter / queries         | queries | P@5   | ideal P@5 | R@10   | best page in top 5');
  const misses: string[] = [];
  for (const segmenter of SEGMENTERS) {
    const { scores, indexMs } = await measure(segmenter);
    console.log(row(`${segmenter.name} (all)`, scores));
    console.log(
      row(
        '  Chinese',
        scores.filter((score) => score.query.lang === 'zh'),
      ),
    );
    console.log(
      row(
        '  English',
        scores.filter((score) => score.query.lang === 'en'),
      ),
    );
    console.log(`  (indexed in ${indexMs.toFixed(0)} ms; Chinese queries whose words the relevant pages hold in a row, without bigrams: ${(wordAgreement(segmenter) * 100).toFixed(0)}%)`);
    for (const score of scores) {
      const missed = score.query.relevant.slice(0, 5).filter((slug) => !score.top.slice(0, 5).includes(slug));
      if (missed.length > 0 || process.env.BENCH_VERBOSE)
        misses.push(`${segmenter.name} | ${score.query.keyword} | missed ${missed.join(', ') || '-'} | top 5: ${score.top.slice(0, 5).join(', ')}`);
    }
  }
  if (misses.length > 0) console.log(`\nExpected pages outside the top 5:\n${misses.join('\n')}`);
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
