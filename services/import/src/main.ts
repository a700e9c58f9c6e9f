import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { ImportModule } from './import.module';

/** The import service as its own process: NATS queue group 'import', its import jobs on the JobQueue. */
runService('import', ImportModule, { consumes: [JobName.ImportShowdoc, JobName.ImportApiResync, JobName.ImportApiResyncRun], errors: appErrors });
