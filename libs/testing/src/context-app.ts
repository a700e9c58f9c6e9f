import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { DynamicModule, INestApplication, LogLevel, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { loadConfig } from '@quire/config';
import { connectTransport, DATABASE_FILE, PlatformModule, TransportClient, type PlatformOptions } from '@quire/platform';
import { appErrors, type Caller, type Message, type QuireContracts, type Subject, type WireParams } from '@quire/proto';

export interface ContextApp {
  app: INestApplication;
  /** The transport as services use it, typed by proto's message map: `transport.send(Subject.X, { caller, params })`. */
  transport: TransportClient<QuireContracts>;
  /**
   * A call exactly as the gateway relays one: the params as a client sent them (text, unvalidated), the
   * reply read as `T`.
   */
  relay<T = unknown>(subject: Subject, message: Message<WireParams>): Promise<T>;
  dataDir: string;
  /** Closes the app (and every store it opened) and removes its data directory. */
  close(): Promise<void>;
}

export interface ContextAppOptions {
  /** Environment variables for loadConfig (DATA_DIR defaults to a fresh temp dir). */
  env?: Record<string, string>;
  /** Jobs the app works on (their `@OnJob` handlers must be among the modules). */
  consumes?: PlatformOptions['consumes'];
  /** Nest log levels; errors and warnings by default. */
  logger?: LogLevel[] | false;
}

/**
 * Boots context modules on the embedded platform with the in-process transport connected,
 * so a medium test calls a service through the transport as the gateway would.
 */
export async function createContextApp(modules: (Type | DynamicModule)[], options: ContextAppOptions = {}): Promise<ContextApp> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-context-'));
  const config = loadConfig({ DATA_DIR: tempDir, ...options.env });
  class ContextRootModule {}
  const root: DynamicModule = {
    module: ContextRootModule,
    imports: [PlatformModule.forRoot({ mode: 'embedded', config, consumes: options.consumes, errors: appErrors }), ...modules],
  };
  let app: INestApplication | undefined;
  try {
    const moduleRef = await Test.createTestingModule({ imports: [root] }).compile();
    app = moduleRef.createNestApplication({ logger: options.logger ?? ['error', 'warn'] });
    connectTransport(app, { mode: 'embedded' });
    await app.init();
    await app.startAllMicroservices();
  } catch (error) {
    await app?.close().catch(() => undefined);
    removeTempDir(tempDir);
    throw error;
  }
  const started = app;
  const transport = started.get<unknown, TransportClient<QuireContracts>>(TransportClient);
  return {
    app: started,
    transport,
    relay: <T>(subject: Subject, message: Message<WireParams>) => transport.relay(subject, message) as Promise<T>,
    dataDir: config.dataDir,
    async close() {
      await started.close();
      removeTempDir(tempDir);
    },
  };
}

/** The temp DATA_DIR, and the secret key file an embedded app made beside it (`<DATA_DIR>.key`). */
function removeTempDir(tempDir: string): void {
  fs.rmSync(tempDir, { recursive: true, force: true });
  fs.rmSync(`${tempDir}.key`, { force: true });
}

/** A caller as the gateway would build it: anonymous (uid 0) with a fresh client id, unless overridden. */
export function testCaller(overrides: Partial<Caller> = {}): Caller {
  return { uid: 0, username: '', groupid: 0, clientId: randomUUID(), ip: '127.0.0.1', ...overrides };
}

/**
 * Every byte the embedded database keeps under DATA_DIR (`quire.db` and its WAL and shared-memory
 * files) as latin1 text, to look for what must not be stored there.
 */
export function databaseText(dataDir: string): string {
  return fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith(DATABASE_FILE))
    .map((name) => fs.readFileSync(path.join(dataDir, name)).toString('latin1'))
    .join('\n');
}
