import type { JobContext, JobHandler, JobQueue, JobState, JobStatus } from './job-queue';

/** The job the contract adds, as an app would name it, with its JSON payload. */
export const TEST_JOB = 'test.send-mail';
const mail = (n = 1) => ({ to: `reader${n}@example.com`, subject: `Subject ${n}`, text: `Body ${n}` });
export type TestMail = ReturnType<typeof mail>;

function handlers(handler: (job: JobContext<TestMail>) => Promise<unknown>): Map<string, JobHandler> {
  return new Map<string, JobHandler>([[TEST_JOB, handler as JobHandler]]);
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the job's status until `accept` holds; fails with the last status after `timeoutMs`. */
export async function waitForStatus(queue: JobQueue, id: string, accept: (status: JobStatus) => boolean, timeoutMs = 10_000): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  let last: JobStatus | null;
  for (;;) {
    last = await queue.getStatus(id);
    if (last && accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`Job ${id} did not reach the expected status; last: ${JSON.stringify(last)}`);
    await sleep(15);
  }
}

/** Polls until `done` holds; fails naming what was seen after `timeoutMs`. */
async function waitUntil(done: () => boolean, seen: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out; saw ${seen()}`);
    await sleep(15);
  }
}

/** A job that runs by itself, as a service's hourly sweep does. */
const SWEEP_JOB = 'test.sweep';

const inState = (state: JobState) => (status: JobStatus) => status.state === state;

/** The behaviour every JobQueue adapter must show. */
export function describeJobQueueContract(name: string, factory: () => Promise<JobQueue>): void {
  describe(`${name} (JobQueue contract)`, () => {
    let sut: JobQueue;

    beforeEach(async () => {
      sut = await factory();
    });

    afterEach(async () => {
      await sut.close();
    });

    it('runs a job through its handler and keeps the result', async () => {
      const seen: JobContext[] = [];
      await sut.startWorkers(
        handlers(async (job) => {
          seen.push(job);
          return { delivered: job.data.to };
        }),
        1,
      );

      const id = await sut.add(TEST_JOB, mail(1));

      const status = await waitForStatus(sut, id, inState('completed'));
      expect(status).toMatchObject({ id, name: TEST_JOB, state: 'completed', attemptsMade: 1, result: { delivered: 'reader1@example.com' } });
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ id, name: TEST_JOB, data: mail(1), attempt: 1 });
    });

    it('keeps a job added before any worker waiting until one starts', async () => {
      const id = await sut.add(TEST_JOB, mail(2));

      expect(await sut.getStatus(id)).toMatchObject({ id, state: 'waiting', progress: 0, attemptsMade: 0 });

      await sut.startWorkers(
        handlers(async () => 'sent'),
        1,
      );
      expect(await waitForStatus(sut, id, inState('completed'))).toMatchObject({ result: 'sent' });
    });

    it('shows the progress a running handler reports', async () => {
      const release = deferred();
      await sut.startWorkers(
        handlers(async (job) => {
          await job.progress(40);
          await release.promise;
          await job.progress(100);
          return 'done';
        }),
        1,
      );

      const id = await sut.add(TEST_JOB, mail(3));

      try {
        const running = await waitForStatus(sut, id, (s) => s.progress === 40);
        expect(running).toMatchObject({ state: 'active', progress: 40 });
      } finally {
        release.resolve();
      }
      expect(await waitForStatus(sut, id, inState('completed'))).toMatchObject({ progress: 100, result: 'done' });
    });

    it('retries a failing handler and completes on the third attempt', async () => {
      const attempts: number[] = [];
      await sut.startWorkers(
        handlers(async (job) => {
          attempts.push(job.attempt);
          if (attempts.length < 3) throw new Error(`SMTP busy (${attempts.length})`);
          return 'sent at last';
        }),
        1,
      );

      const id = await sut.add(TEST_JOB, mail(4), { attempts: 3, backoffMs: 20 });

      const status = await waitForStatus(sut, id, inState('completed'));
      expect(status).toMatchObject({ state: 'completed', attemptsMade: 3, result: 'sent at last' });
      expect(status.error).toBeUndefined();
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('fails for good after the allowed attempts, with the last error message', async () => {
      let calls = 0;
      await sut.startWorkers(
        handlers(async () => {
          calls += 1;
          throw new Error(`Mailbox unavailable (${calls})`);
        }),
        1,
      );

      const id = await sut.add(TEST_JOB, mail(5), { attempts: 2, backoffMs: 20 });

      const status = await waitForStatus(sut, id, inState('failed'));
      expect(status).toMatchObject({ state: 'failed', attemptsMade: 2, error: 'Mailbox unavailable (2)' });
      await sleep(100);
      expect(calls).toBe(2);
    });

    it('never runs more jobs at once than the concurrency', async () => {
      let running = 0;
      let most = 0;
      await sut.startWorkers(
        handlers(async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(80);
          running -= 1;
          return 'ok';
        }),
        2,
      );

      const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => sut.add(TEST_JOB, mail(n))));

      for (const id of ids) await waitForStatus(sut, id, inState('completed'));
      expect(most).toBe(2);
    });

    it('runs a scheduled job at once, then again after each interval, with an empty payload', async () => {
      const runs: JobContext[] = [];
      await sut.startWorkers(new Map<string, JobHandler>([[SWEEP_JOB, async (job) => void runs.push(job)]]), 1);

      await sut.schedule(SWEEP_JOB, 200);

      await waitUntil(
        () => runs.length >= 3,
        () => `${runs.length} run(s) of ${SWEEP_JOB}`,
      );
      expect(runs.slice(0, 3).map((job) => ({ name: job.name, data: job.data, attempt: job.attempt }))).toEqual(Array.from({ length: 3 }, () => ({ name: SWEEP_JOB, data: {}, attempt: 1 })));
    });

    it('keeps one schedule for a job scheduled twice, as two replicas do at boot', async () => {
      let runs = 0;
      await sut.startWorkers(new Map<string, JobHandler>([[SWEEP_JOB, async () => void (runs += 1)]]), 2);

      await sut.schedule(SWEEP_JOB, 60_000);
      await sut.schedule(SWEEP_JOB, 60_000);

      await waitUntil(
        () => runs >= 1,
        () => `no run of ${SWEEP_JOB}`,
      );
      await sleep(300);
      expect(runs).toBe(1);
    });

    it('holds the first run of a new schedule for firstAfterMs', async () => {
      let runs = 0;
      await sut.startWorkers(new Map<string, JobHandler>([[SWEEP_JOB, async () => void (runs += 1)]]), 1);

      await sut.schedule(SWEEP_JOB, 60_000, { firstAfterMs: 1_000 });

      await sleep(300);
      expect(runs).toBe(0);
      await waitUntil(
        () => runs === 1,
        () => `${runs} run(s) of ${SWEEP_JOB}`,
      );
    });

    it('adds a job with a key once, however often it is added (replicas that saw the same change)', async () => {
      let runs = 0;
      const first = await sut.add(TEST_JOB, mail(7), { key: 'change-12-hook-3' });
      const again = await Promise.all([sut.add(TEST_JOB, mail(8), { key: 'change-12-hook-3' }), sut.add(TEST_JOB, mail(9), { key: 'change-12-hook-3' })]);
      const other = await sut.add(TEST_JOB, mail(10), { key: 'change-12-hook-4' });
      await sut.startWorkers(
        handlers(async (job) => {
          runs += 1;
          return job.data.to;
        }),
        1,
      );

      expect(again).toEqual([first, first]);
      expect(other).not.toBe(first);
      expect(await waitForStatus(sut, first, inState('completed'))).toMatchObject({ result: 'reader7@example.com' });
      await waitForStatus(sut, other, inState('completed'));
      // Added again once done: still the one job.
      expect(await sut.add(TEST_JOB, mail(11), { key: 'change-12-hook-3' })).toBe(first);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(runs).toBe(2);
      await expect(sut.add(TEST_JOB, mail(12), { key: 'a:b' })).rejects.toThrow('A job key is');
      await expect(sut.add(TEST_JOB, mail(12), { key: '123' })).rejects.toThrow('A job key is');
    });

    it('answers null for an unknown job id', async () => {
      expect(await sut.getStatus('999999')).toBeNull();
      expect(await sut.getStatus(`${TEST_JOB}:999999`)).toBeNull();
      expect(await sut.getStatus('not a job')).toBeNull();
    });

    it('answers ping', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
    });
  });
}
