import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { ExportModule } from './export.module';

/** The export service as its own process: NATS queue group 'export', BullMQ workers for the export jobs and the hourly sweep. */
runService('export', ExportModule, { consumes: [JobName.ExportWord, JobName.ExportMarkdown, JobName.ExportPdf, JobName.ExportHtml, JobName.SweepExports], errors: appErrors });
