import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { ItemModule } from './item.module';

/** The item service as its own process: NATS queue group 'item', the distributed adapters, its hourly purge job. */
runService('item', ItemModule, { consumes: [JobName.PurgeItems], errors: appErrors });
