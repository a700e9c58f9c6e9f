import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { NoticeModule } from './notice.module';

/** The notice service as its own process: NATS queue group 'notice', the distributed adapters. */
runService('notice', NoticeModule, { consumes: [], errors: appErrors });
