import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { SearchModule } from './search.module';

/** The search service as its own process: NATS queue group 'search', its index in DATA_DIR/search.db. */
runService('search', SearchModule, { consumes: [], errors: appErrors });
