import { InProcessJobQueue } from './in-process-job-queue';
import type { JobHandler } from './job-queue';
import { describeJobQueueContract, TEST_JOB, waitForStatus } from './job-queue.contract';

describeJobQueueContract(InProcessJobQueue.name, async () => new InProcessJobQueue());

describe(InProcessJobQueue.name, () => {
  const mail = { to: 'a@example.com', subject: 'Hi', text: 'Hello' };

  it('drops finished jobs once they are older than the retention', async () => {
    const sut = new InProcessJobQueue({ keepFinishedMs: 100 });
    await sut.startWorkers(new Map<string, JobHandler>([[TEST_JOB, async () => 'ok']]), 1);
    const id = await sut.add(TEST_JOB, mail);
    await waitForStatus(sut, id, (s) => s.state === 'completed');

    await new Promise((r) => setTimeout(r, 350));

    expect(await sut.getStatus(id)).toBeNull();
    await sut.close();
  });

  it('waits the default 500 ms backoff before a retry', async () => {
    const sut = new InProcessJobQueue();
    const startedAt: number[] = [];
    await sut.startWorkers(
      new Map<string, JobHandler>([
        [
          TEST_JOB,
          async () => {
            startedAt.push(Date.now());
            if (startedAt.length === 1) throw new Error('busy');
            return 'ok';
          },
        ],
      ]),
      1,
    );

    const id = await sut.add(TEST_JOB, mail);

    await waitForStatus(sut, id, (s) => s.state === 'completed');
    expect((startedAt[1] ?? 0) - (startedAt[0] ?? 0)).toBeGreaterThanOrEqual(480);
    await sut.close();
  });

  it('lets close() wait for a running job and refuses new ones afterwards', async () => {
    const sut = new InProcessJobQueue();
    let finished = false;
    await sut.startWorkers(
      new Map<string, JobHandler>([
        [
          TEST_JOB,
          async () => {
            await new Promise((r) => setTimeout(r, 100));
            finished = true;
          },
        ],
      ]),
      1,
    );
    const id = await sut.add(TEST_JOB, mail);
    await waitForStatus(sut, id, (s) => s.state === 'active');

    await sut.close();

    expect(finished).toBe(true);
    await expect(sut.add(TEST_JOB, mail)).rejects.toThrow('closed');
  });

  it('refuses a second set of workers for the same job', async () => {
    const sut = new InProcessJobQueue();
    const map = new Map<string, JobHandler>([[TEST_JOB, async () => 'ok']]);
    await sut.startWorkers(map, 1);

    await expect(sut.startWorkers(map, 1)).rejects.toThrow(`Workers for job "${TEST_JOB}" are already running`);
    await sut.close();
  });
});
