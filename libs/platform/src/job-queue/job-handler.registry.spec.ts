import { Global, Injectable, Module, type ModuleMetadata } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue, type JobContext } from './job-queue';
import { TEST_JOB, waitForStatus, type TestMail } from './job-queue.contract';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobsModule } from './jobs.module';
import { OnJob } from './on-job.decorator';

@Injectable()
class MailJobs {
  readonly sent: TestMail[] = [];

  @OnJob(TEST_JOB)
  async send(job: JobContext<TestMail>): Promise<string> {
    await job.progress(50);
    this.sent.push(job.data);
    return `sent to ${job.data.to}`;
  }

  /** Not a handler: must not be picked up. */
  async helper(): Promise<void> {}
}

@Injectable()
class OtherMailJobs {
  @OnJob(TEST_JOB)
  async deliver(): Promise<void> {}
}

/** A sweep that runs by itself, as a service's hourly maintenance does. */
@Injectable()
class SweepJobs {
  runs = 0;

  @OnJob('test.sweep', { everyMs: 60 * 60 * 1000 })
  async sweep(): Promise<void> {
    this.runs += 1;
  }
}

@Injectable()
class NoJobs {
  async work(): Promise<void> {}
}

describe(JobHandlerRegistry.name, () => {
  let queue: InProcessJobQueue;
  let app: TestingModule | undefined;

  beforeEach(() => {
    queue = new InProcessJobQueue();
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await queue.close();
  });

  async function compile(consumes: string[], providers: NonNullable<ModuleMetadata['providers']>): Promise<TestingModule> {
    @Global()
    @Module({ providers: [{ provide: JobQueue, useValue: queue }], exports: [JobQueue] })
    class QueueModule {}

    app = await Test.createTestingModule({
      imports: [QueueModule, JobsModule.forRoot({ consumes, concurrency: 2 })],
      providers,
    }).compile();
    return app;
  }

  it('refuses to boot when two providers handle the same job', async () => {
    const module = await compile([TEST_JOB], [MailJobs, OtherMailJobs]);

    await expect(module.init()).rejects.toThrow(`Job "${TEST_JOB}" has two @OnJob handlers, MailJobs.send and OtherMailJobs.deliver; keep exactly one`);
    app = undefined; // never booted; Nest's close() would rethrow the boot error
  });

  it('refuses to boot when a consumed job has no handler', async () => {
    const module = await compile([TEST_JOB], [NoJobs]);

    await expect(module.init()).rejects.toThrow(`This process consumes "${TEST_JOB}" but no provider has an @OnJob handler for it`);
    app = undefined; // never booted
  });

  it('boots with one handler and runs added jobs through it', async () => {
    const module = await compile([TEST_JOB], [MailJobs, NoJobs]);
    await module.init();

    const id = await queue.add(TEST_JOB, { to: 'alice@example.com', subject: 'Welcome', text: 'Hello Alice' });

    expect(await waitForStatus(queue, id, (s) => s.state === 'completed')).toMatchObject({
      result: 'sent to alice@example.com',
      progress: 50,
      attemptsMade: 1,
    });
    expect(module.get(MailJobs).sent).toEqual([{ to: 'alice@example.com', subject: 'Welcome', text: 'Hello Alice' }]);
  });

  it('schedules a consumed job that has a schedule: it runs at boot without being added', async () => {
    const module = await compile(['test.sweep'], [SweepJobs]);
    await module.init();

    for (let i = 0; i < 200 && module.get(SweepJobs).runs === 0; i++) await new Promise((r) => setTimeout(r, 10));

    expect(module.get(SweepJobs).runs).toBe(1);
  });

  it('leaves a scheduled job alone in a process that does not consume it', async () => {
    const module = await compile([], [SweepJobs]);
    await module.init();

    await new Promise((r) => setTimeout(r, 50));

    expect(module.get(SweepJobs).runs).toBe(0);
  });

  it('starts no worker when the process consumes nothing, so jobs stay waiting', async () => {
    const module = await compile([], [MailJobs]);
    await module.init();

    const id = await queue.add(TEST_JOB, { to: 'bob@example.com', subject: 'Hi', text: 'Hi Bob' });
    await new Promise((r) => setTimeout(r, 50));

    expect(await queue.getStatus(id)).toMatchObject({ state: 'waiting', attemptsMade: 0 });
    expect(module.get(MailJobs).sent).toEqual([]);
  });
});
