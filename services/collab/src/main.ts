import 'reflect-metadata';
import { loadConfig } from '@quire/config';
import { runService } from '@quire/platform';
import { appErrors } from '@quire/proto';
import { CollabModule } from './collab.module';

/**
 * The collab service as its own process: Hocuspocus behind its own HTTP server (COLLAB_PORT), where
 * the gateway forwards the co-editing upgrades; replicas share documents through Redis (any replica
 * serves any document, no sticky sessions) and persist them in the DocumentStore.
 */
runService('collab', CollabModule.distributed(loadConfig().redis.url), { consumes: [], errors: appErrors });
