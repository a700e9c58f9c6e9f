import 'reflect-metadata';
import { runService } from '@quire/platform';
import { PageModule } from './page.module';

/** The page service as its own process: NATS queue group 'page', the distributed adapters. */
runService('page', PageModule, { consumes: [] });
