import { Global, Injectable, Module, type ModuleMetadata } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { JobName, type JobPayloads } from '@quire/proto';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue, type JobContext } from './job-queue';
import { waitForStatus } from './job-queue.contract';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobsModule } from './jobs.module';
import { OnJob } from './on-job.decorator';

type SendMail = JobContext<typeof JobName.SendMail>;

@Injectable()
class MailJobs {
  readonly sent: JobPayloads[typeof JobName.SendMail][] = [];

  @OnJob(JobName.SendMail)
  async send(job: SendMail): Promise<string> {
    await job.progress(50);
    this.sent.push(job.data);
    return `sent to ${job.data.to}`;
  }

  /** Not a handler: must not be picked up. */
  async helper(): Promise<void> {}
}

@Injectable()
class OtherMailJobs {
  @OnJob(JobName.SendMail)
  async deliver(): Promise<void> {}
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

  async function compile(consumes: JobName[], providers: NonNullable<ModuleMetadata['providers']>): Promise<TestingModule> {
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
    const module = await compile([JobName.SendMail], [MailJobs, OtherMailJobs]);

    await expect(module.init()).rejects.toThrow(
      `Job "${JobName.SendMail}" has two @OnJob handlers, MailJobs.send and OtherMailJobs.deliver; keep exactly one`,
    );
    app = undefined; // never booted; Nest's close() would rethrow the boot error
  });

  it('refuses to boot when a consumed job has no handler', async () => {
    const module = await compile([JobName.SendMail], [NoJobs]);

    await expect(module.init()).rejects.toThrow(`This process consumes "${JobName.SendMail}" but no provider has an @OnJob handler for it`);
    app = undefined; // never booted
  });

  it('boots with one handler and runs added jobs through it', async () => {
    const module = await compile([JobName.SendMail], [MailJobs, NoJobs]);
    await module.init();

    const id = await queue.add(JobName.SendMail, { to: 'alice@example.com', subject: 'Welcome', text: 'Hello Alice' });

    expect(await waitForStatus(queue, id, (s) => s.state === 'completed')).toMatchObject({
      result: 'sent to alice@example.com',
      progress: 50,
      attemptsMade: 1,
    });
    expect(module.get(MailJobs).sent).toEqual([{ to: 'alice@example.com', subject: 'Welcome', text: 'Hello Alice' }]);
  });

  it('starts no worker when the process consumes nothing, so jobs stay waiting', async () => {
    const module = await compile([], [MailJobs]);
    await module.init();

    const id = await queue.add(JobName.SendMail, { to: 'bob@example.com', subject: 'Hi', text: 'Hi Bob' });
    await new Promise((r) => setTimeout(r, 50));

    expect(await queue.getStatus(id)).toMatchObject({ state: 'waiting', attemptsMade: 0 });
    expect(module.get(MailJobs).sent).toEqual([]);
  });
});
