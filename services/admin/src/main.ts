import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { AdminModule } from './admin.module';

/** The admin service as its own process: NATS queue group 'admin', the distributed adapters. */
runService('admin', AdminModule, { consumes: [], errors: appErrors });
