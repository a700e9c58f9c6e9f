import { describeWith, startRedisServer, type ServerProcess } from '@quire/testing';
import { BullmqJobQueue } from './bullmq-job-queue';
import type { JobHandler } from './job-queue';
import { describeJobQueueContract, TEST_JOB, waitForStatus } from './job-queue.contract';

describeWith({ binary: 'redis-server' }, BullmqJobQueue.name, () => {
  let redis: ServerProcess;
  let prefix = 0;

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis.dispose();
  });

  describeJobQueueContract(`${BullmqJobQueue.name} on redis-server`, async () => {
    prefix += 1;
    return new BullmqJobQueue({ url: redis.url, prefix: `quire-test-${prefix}` });
  });

  it('answers for a job another replica added, before it has queued or worked on any job itself', async () => {
    prefix += 1;
    const adding = new BullmqJobQueue({ url: redis.url, prefix: `quire-test-${prefix}` });
    const asking = new BullmqJobQueue({ url: redis.url, prefix: `quire-test-${prefix}` });
    try {
      const id = await adding.add(TEST_JOB, { to: 'reader@example.com' });

      expect(await asking.getStatus(id)).toMatchObject({ id, name: TEST_JOB, state: 'waiting' });
      await adding.startWorkers(new Map([[TEST_JOB, async () => 'sent']]), 1);
      expect(await waitForStatus(asking, id, (s) => s.state === 'completed')).toMatchObject({ result: 'sent' });
      expect(await asking.getStatus('a:name:with:colons:1')).toBeNull();
    } finally {
      await Promise.all([adding.close(), asking.close()]);
    }
  });

  it('runs a sweep that two replicas schedule once per interval, on one of them', async () => {
    prefix += 1;
    const replicas = [0, 1].map(() => new BullmqJobQueue({ url: redis.url, prefix: `quire-test-${prefix}` }));
    const runs: number[] = [];
    try {
      for (const [index, replica] of replicas.entries()) {
        await replica.startWorkers(new Map<string, JobHandler>([['test.sweep', async () => void runs.push(index)]]), 1);
      }

      await Promise.all(replicas.map((replica) => replica.schedule('test.sweep', 60_000)));

      for (let waited = 0; runs.length === 0 && waited < 10_000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
  });

  it('fails ping when Redis is unreachable', async () => {
    const sut = new BullmqJobQueue({ url: 'redis://127.0.0.1:1' });

    await expect(sut.ping()).rejects.toThrow();
    await sut.close();
  });
});
