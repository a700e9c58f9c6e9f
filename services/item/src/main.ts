import 'reflect-metadata';
import { runService } from '@quire/platform';
import { ItemModule } from './item.module';

/** The item service as its own process: NATS queue group 'item', the distributed adapters. */
runService('item', ItemModule, { consumes: [] });
