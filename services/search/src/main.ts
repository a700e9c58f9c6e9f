import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { SearchModule } from './search.module';

/**
 * The search service as its own process: NATS queue group 'search', its index in DATA_DIR/search.db,
 * started from the latest snapshot in BlobStorage and snapshotted by the scheduled `search.snapshot` job.
 */
runService('search', SearchModule.withSnapshots(), { consumes: [JobName.SnapshotSearch], errors: appErrors });
