import { describeWith, startRedisServer, type ServerProcess } from '@quire/testing';
import { BullmqJobQueue } from './bullmq-job-queue';
import { describeJobQueueContract } from './job-queue.contract';

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

  it('fails ping when Redis is unreachable', async () => {
    const sut = new BullmqJobQueue({ url: 'redis://127.0.0.1:1' });

    await expect(sut.ping()).rejects.toThrow();
    await sut.close();
  });
});
