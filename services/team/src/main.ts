import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { TeamModule } from './team.module';

/** The team service as its own process: NATS queue group 'team', the distributed adapters. */
runService('team', TeamModule, { consumes: [], errors: appErrors });
