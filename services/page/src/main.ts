import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { PageModule } from './page.module';

/** The page service as its own process: NATS queue group 'page', the distributed adapters, its hourly sweep job. */
runService('page', PageModule, { consumes: [JobName.SweepPages], errors: appErrors });
