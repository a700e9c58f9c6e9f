import { Injectable } from '@nestjs/common';
import { BlobStorage } from './blob-storage/blob-storage';
import { DocumentStore } from './document-store/document-store';
import { JobQueue } from './job-queue/job-queue';
import { KeyValueStore } from './key-value/key-value-store';
import { TransportClient } from './transport/transport-client';

export interface HealthReport {
  ok: boolean;
  /** 'ok', or why the dependency is not ready. */
  checks: Record<string, 'ok' | string>;
}

/** Readiness: every outside dependency of this process answers within a short time. */
@Injectable()
export class HealthService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly keyValue: KeyValueStore,
    private readonly blobs: BlobStorage,
    private readonly jobs: JobQueue,
    private readonly transport: TransportClient,
  ) {}

  async check(timeoutMs = 2_000): Promise<HealthReport> {
    const probes: Record<string, () => Promise<void>> = {
      documents: () => this.documents.ping(),
      keyValue: () => this.keyValue.ping(),
      blobs: () => this.blobs.ping(),
      jobs: () => this.jobs.ping(),
      transport: () => this.transport.ping(),
    };
    const results = await Promise.all(
      Object.entries(probes).map(async ([name, probe]) => [name, await settle(probe, timeoutMs)] as const),
    );
    const checks = Object.fromEntries(results);
    return { ok: results.every(([, result]) => result === 'ok'), checks };
  }
}

async function settle(probe: () => Promise<void>, timeoutMs: number): Promise<'ok' | string> {
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
