import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { AuditModule } from './audit.module';

/** The audit service as its own process: NATS queue group 'audit', its hourly retention sweep on the JobQueue (BullMQ). */
runService('audit', AuditModule, { consumes: [JobName.SweepAuditLog], errors: appErrors });
