import 'reflect-metadata';
import { runService } from '@quire/platform';
import { JobName } from '@quire/proto';
import { ExportModule } from './export.module';

/** The export service as its own process: NATS queue group 'export', BullMQ workers for the export jobs. */
runService('export', ExportModule, { consumes: [JobName.ExportWord, JobName.ExportMarkdown] });
