import 'reflect-metadata';
import { runService } from '@quire/platform';
import { TeamModule } from './team.module';

/** The team service as its own process: NATS queue group 'team', the distributed adapters. */
runService('team', TeamModule, { consumes: [] });
