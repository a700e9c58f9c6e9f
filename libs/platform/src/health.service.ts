import { Injectable } from '@nestjs/common';
import { BlobStorage } from './blob-storage/blob-storage';
import { DocumentStore } from './document-store/document-store';
import { JobQueue } from './job-queue/job-queue';
import { KeyValueStore } from './key-value/key-value-store';
import { TransportClient } from './transport/transport-client';

export interface HealthReport {
  ok: boolean;
  /** 'ok', or why the dependency is not ready. */
  checks: Record<string, string>;
}

/** The outside dependencies a process can be asked about. */
export type Dependency = 'documents' | 'keyValue' | 'blobs' | 'jobs' | 'transport';

const ALL_DEPENDENCIES: readonly Dependency[] = ['documents', 'keyValue', 'blobs', 'jobs', 'transport'];

/**
 * What every request of a service needs: its documents (MongoDB) and its key-value store (Redis:
 * short-lived keys, locks, cache versions). Without one of them a service leaves its queue group. S3 is not among
 * them (only uploads and exports touch it: an S3 outage fails those, not every read and save), and
 * NATS is not either (without it the service is out of the group anyway).
 */
export const SERVING_DEPENDENCIES: readonly Dependency[] = ['documents', 'keyValue'];

/** Readiness: every outside dependency of this process (or the ones asked) answers within a short time. */
@Injectable()
export class HealthService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly keyValue: KeyValueStore,
    private readonly blobs: BlobStorage,
    private readonly jobs: JobQueue,
    private readonly transport: TransportClient,
  ) {}

  async check(timeoutMs = 2_000, dependencies: readonly Dependency[] = ALL_DEPENDENCIES): Promise<HealthReport> {
    const probes: Record<Dependency, () => Promise<void>> = {
      documents: () => this.documents.ping(),
      keyValue: () => this.keyValue.ping(),
      blobs: () => this.blobs.ping(),
      jobs: () => this.jobs.ping(),
      transport: () => this.transport.ping(),
    };
    const results = await Promise.all(dependencies.map(async (name) => [name, await settle(probes[name], timeoutMs)] as const));
    const checks = Object.fromEntries(results);
    return { ok: results.every(([, result]) => result === 'ok'), checks };
  }
}

/** 'ok', or why the probe failed. */
async function settle(probe: () => Promise<void>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    clearTimeout(timer);
  }
}
