import 'reflect-metadata';
import { runService } from '@quire/platform';
import { ExportModule } from './export.module';

/** The export service as its own process: NATS queue group 'export', the distributed adapters. */
runService('export', ExportModule, { consumes: [] });
