import { Injectable } from '@nestjs/common';
import { Mailer, OnJob, type JobContext } from '@quire/platform';
import { JobName, type JobPayloads } from '@quire/proto';

/** Sends queued mail (verification and password-reset links) with the queue's retries. */
@Injectable()
export class MailProcessor {
  constructor(private readonly mailer: Mailer) {}

  @OnJob(JobName.SendMail)
  async send(job: JobContext<JobPayloads[typeof JobName.SendMail]>): Promise<void> {
    await this.mailer.send(job.data);
  }
}
