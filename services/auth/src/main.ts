import 'reflect-metadata';
import { runService } from '@quire/platform';
import { appErrors, JobName } from '@quire/proto';
import { AuthModule } from './auth.module';

/** The auth service as its own process: NATS queue group 'auth', the distributed adapters. */
runService('auth', AuthModule, { consumes: [JobName.SendMail], errors: appErrors });
