import * as path from 'node:path';
import { Injectable, Logger, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Mode, QuireConfig } from '@quire/config';
import { BlobStorage } from './blob-storage/blob-storage';
import { ChangeFeed } from './change-feed/change-feed';
import { LocalDiskBlobStorage } from './blob-storage/local-disk-blob-storage';
import { DocumentStore } from './document-store/document-store';
import { HealthService } from './health.service';
import { JobQueue } from './job-queue/job-queue';
import { JobsModule } from './job-queue/jobs.module';
import { KeyValueStore } from './key-value/key-value-store';
import { Mailer } from './mailer/mailer';
import { registerPlatformErrors, type PlatformErrors } from './rpc/rpc-error';
import { InProcessBus } from './transport/in-process/in-process-bus';
import { InProcessTransportClient } from './transport/in-process/in-process-transport-client';
import { NatsTransportClient } from './transport/nats-transport-client';
import { natsConnectionName } from './transport/nats-options';
import { TransportClient } from './transport/transport-client';
import { LocalDatabase } from './sqlite/local-database';
import { SecretCipher } from './secrets/secret-cipher';
import { secretKeysFor } from './secrets/secret-keys';

/**
 * Loads an adapter's module when its mode is chosen, so an embedded process never loads
 * mongoose, ioredis, BullMQ or minio (and a distributed one with MongoDB and S3 never opens SQLite).
 */
function load<M>(id: string): M {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when its mode is chosen: an import would load every adapter's library
  return require(id) as M;
}

/** The injection token of the process's validated QuireConfig. */
export const QUIRE_CONFIG = 'QUIRE_CONFIG';

export interface PlatformOptions {
  mode: Mode;
  config: QuireConfig;
  /** Jobs this process works on (names the app gives them); their `@OnJob` handlers must exist (JobsModule checks at boot). */
  consumes?: readonly string[];
  /** The app this process is (`gateway`, a service's name): names its NATS connection in the broker's monitoring. */
  app?: string;
  /** The app's words for the errors the platform raises itself; registered for the whole process (see PlatformErrors). */
  errors?: PlatformErrors;
}

/** Closes everything the platform opened: the change feed (its subscribers may still ask over the transport), transport, stores last. */
@Injectable()
class PlatformShutdown implements OnApplicationShutdown {
  private readonly logger = new Logger(PlatformModule.name);

  constructor(
    private readonly changes: ChangeFeed,
    private readonly transport: TransportClient,
    private readonly jobs: JobQueue,
    private readonly keyValue: KeyValueStore,
    private readonly documents: DocumentStore,
    private readonly localDatabase: LocalDatabase,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    const steps: [string, () => Promise<void>][] = [
      ['change feed', () => this.changes.close()],
      ['transport', () => this.transport.close()],
      ['job queue', () => this.jobs.close()],
      ['key-value store', () => this.keyValue.close()],
      ['document store', () => this.documents.close()],
      ['local database', () => this.localDatabase.close()],
    ];
    for (const [name, close] of steps) {
      try {
        await close();
      } catch (error) {
        this.logger.error(`Closing the ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

/**
 * The composition of the outside world, chosen once by mode: embedded adapters over one SQLite
 * file under DATA_DIR and the in-process transport, or MongoDB, Redis, S3, BullMQ and NATS.
 * Adapter modules are loaded only in the mode that uses them.
 */
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    const { config } = options;
    if (options.errors) registerPlatformErrors(options.errors);
    const providers = options.mode === 'embedded' ? embeddedProviders(config) : distributedProviders(config, options.app);
    const mailer: Provider = {
      provide: Mailer,
      inject: [DocumentStore],
      useFactory: (documents: DocumentStore): Mailer => {
        if (config.mail.smtpUrl) {
          const { SmtpMailer } = load<typeof import('./mailer/smtp-mailer')>('./mailer/smtp-mailer');
          return new SmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
        }
        const { OutboxMailer } = load<typeof import('./mailer/outbox-mailer')>('./mailer/outbox-mailer');
        return new OutboxMailer(documents);
      },
    };
    // Built at boot in every process: a distributed one without QUIRE_SECRET_KEY stops here, naming it.
    const secretCipher: Provider = { provide: SecretCipher, useFactory: () => new SecretCipher(secretKeysFor(options.mode, config)) };
    const exported = [QUIRE_CONFIG, DocumentStore, KeyValueStore, BlobStorage, JobQueue, Mailer, TransportClient, ChangeFeed, HealthService, SecretCipher];
    return {
      module: PlatformModule,
      global: true,
      imports: [JobsModule.forRoot({ consumes: options.consumes ?? [], concurrency: config.jobs.concurrency })],
      providers: [
        { provide: QUIRE_CONFIG, useValue: config },
        { provide: LocalDatabase, useFactory: () => new LocalDatabase(config.dataDir) },
        ...providers,
        mailer,
        secretCipher,
        HealthService,
        PlatformShutdown,
      ],
      exports: options.mode === 'embedded' ? [...exported, InProcessBus] : exported,
    };
  }
}

/** Documents in `<DATA_DIR>/quire.db` (everything under DATA_DIR is its user's alone: 0700 directories, 0600 files). */
const documentsOnDisk: Provider = {
  provide: DocumentStore,
  inject: [LocalDatabase],
  useFactory: async (local: LocalDatabase): Promise<DocumentStore> => (await local.stores()).documents,
};

/** Files under `<DATA_DIR>/files`, small ones (at most 64 KB) in `<DATA_DIR>/quire.db`. */
const filesOnDisk = async (config: QuireConfig, local: LocalDatabase): Promise<BlobStorage> => {
  const { smallBlobs } = await local.stores();
  return new LocalDiskBlobStorage({ dir: path.join(config.dataDir, 'files'), smallBlobs });
};

function embeddedProviders(config: QuireConfig): Provider[] {
  return [
    documentsOnDisk,
    { provide: KeyValueStore, inject: [LocalDatabase], useFactory: async (local: LocalDatabase) => (await local.stores()).keyValue },
    { provide: BlobStorage, inject: [LocalDatabase], useFactory: (local: LocalDatabase) => filesOnDisk(config, local) },
    {
      provide: JobQueue,
      useFactory: () => {
        const { InProcessJobQueue } = load<typeof import('./job-queue/in-process-job-queue')>('./job-queue/in-process-job-queue');
        return new InProcessJobQueue();
      },
    },
    {
      provide: ChangeFeed,
      useFactory: () => {
        const { InProcessChangeFeed } = load<typeof import('./change-feed/in-process-change-feed')>('./change-feed/in-process-change-feed');
        return new InProcessChangeFeed();
      },
    },
    { provide: InProcessBus, useFactory: () => new InProcessBus() },
    {
      provide: TransportClient,
      inject: [InProcessBus],
      useFactory: (bus: InProcessBus) => new InProcessTransportClient(bus, config.http.requestTimeoutMs),
    },
  ];
}

/**
 * Distributed: Redis, BullMQ and NATS (with JetStream for the change feed, connected on first use) always; MongoDB when MONGO_URL is set and S3 when
 * S3_ENDPOINT is set, otherwise SQLite and local disk under DATA_DIR (one replica per service).
 */
function distributedProviders(config: QuireConfig, app = 'quire'): Provider[] {
  const mongoUrl = config.mongo.url;
  const s3Endpoint = config.s3.endpoint;
  return [
    {
      provide: DocumentStore,
      inject: [LocalDatabase],
      useFactory: async (local: LocalDatabase): Promise<DocumentStore> => {
        if (!mongoUrl) return (await local.stores()).documents;
        const { MongoDocumentStore } = load<typeof import('./document-store/mongo-document-store')>('./document-store/mongo-document-store');
        return new MongoDocumentStore({ url: mongoUrl });
      },
    },
    {
      provide: KeyValueStore,
      useFactory: () => {
        const { RedisKeyValueStore } = load<typeof import('./key-value/redis-key-value-store')>('./key-value/redis-key-value-store');
        return new RedisKeyValueStore({ url: config.redis.url });
      },
    },
    {
      provide: BlobStorage,
      inject: [LocalDatabase],
      useFactory: (local: LocalDatabase): BlobStorage | Promise<BlobStorage> => {
        if (!s3Endpoint) return filesOnDisk(config, local);
        const { MinioBlobStorage } = load<typeof import('./blob-storage/minio-blob-storage')>('./blob-storage/minio-blob-storage');
        return new MinioBlobStorage({ ...config.s3, endpoint: s3Endpoint });
      },
    },
    {
      provide: JobQueue,
      useFactory: () => {
        const { BullmqJobQueue } = load<typeof import('./job-queue/bullmq-job-queue')>('./job-queue/bullmq-job-queue');
        return new BullmqJobQueue({ url: config.redis.url });
      },
    },
    {
      provide: TransportClient,
      useFactory: () => new NatsTransportClient(config.nats.url, config.http.requestTimeoutMs, natsConnectionName(app, 'call')),
    },
    {
      provide: ChangeFeed,
      useFactory: () => {
        const { JetStreamChangeFeed } = load<typeof import('./change-feed/jetstream-change-feed')>('./change-feed/jetstream-change-feed');
        return new JetStreamChangeFeed({ url: config.nats.url, name: natsConnectionName(app, 'feed') });
      },
    },
  ];
}
