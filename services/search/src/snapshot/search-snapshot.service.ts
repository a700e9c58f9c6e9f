import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { backupSqliteFile, ChangeFeed, OnJob, QUIRE_CONFIG } from '@quire/platform';
import { type ChangeTopics, JobName } from '@quire/proto';
import { SEARCH_FORMAT_VERSION, SearchIndex, summarizeIndexFile } from '../index/search-index';
import { type SearchSnapshot, SearchSnapshotRepository } from './search-snapshot.repository';

/**
 * Provider token: true in the distributed service (`SearchModule.withSnapshots()`), where a new
 * replica starts from a snapshot; absent (false) embedded, whose index stays on its own disk.
 */
export const SEARCH_SNAPSHOTS = Symbol('SEARCH_SNAPSHOTS');

/**
 * How often the scheduler runs the snapshot (one replica each time). A replica that starts replays
 * the changes made since the latest one, each a page read from the page service: at a few saves a
 * second, 15 minutes is a few thousand reads, against a copy and a gzip of search.db each time.
 */
export const SNAPSHOT_EVERY_MS = 15 * 60 * 1000;

/** The name of every scratch file of a snapshot under DATA_DIR begins with it. */
const SCRATCH_PREFIX = 'search-snapshot-';

/** What a run of the snapshot job did. */
export type SnapshotOutcome = { written: true; snapshot: SearchSnapshot } | { written: false; reason: string };

/**
 * Snapshots of the search index in BlobStorage, so a new or restarted replica loads the latest one
 * and replays the change feed after it instead of reading every page from the page service. The
 * `search.snapshot` job (scheduled, one replica each time) and a replica that has just built its index
 * write one: a consistent copy of search.db (SQLite's online backup, in one read transaction) with the
 * feed's sequence it is current up to, gzipped. Only the replica's own SQLite file is read: queries
 * and changes go on meanwhile.
 */
@Injectable()
export class SearchSnapshotService {
  private readonly logger = new Logger(SearchSnapshotService.name);
  private taking: Promise<SnapshotOutcome> | undefined;
  /** The snapshot this replica found unusable at its start: its own replaces it even at the same sequence. */
  private unusable: string | undefined;
  private readonly dataDir: string;

  constructor(
    private readonly index: SearchIndex,
    private readonly snapshots: SearchSnapshotRepository,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) config: QuireConfig,
    @Optional() @Inject(SEARCH_SNAPSHOTS) readonly enabled: boolean = false,
  ) {
    this.dataDir = config.dataDir;
  }

  /** The scheduled job: a replica whose index is not built (yet) leaves it to the next run. */
  @OnJob(JobName.SnapshotSearch, { everyMs: SNAPSHOT_EVERY_MS })
  run(): Promise<SnapshotOutcome> {
    return this.take();
  }

  /** Writes a snapshot of the index unless snapshots are off, the index is not built, or the latest snapshot is as recent; one at a time. */
  take(): Promise<SnapshotOutcome> {
    this.taking ??= this.write().finally(() => (this.taking = undefined));
    return this.taking;
  }

  /**
   * Loads the latest snapshot of this index format into the index when the change feed still holds
   * every change after it. Resolves with the sequence it is current up to (subscribe from the next
   * one), or null with the reason in the log: then build the index from the pages.
   */
  async restore(): Promise<number | null> {
    if (!this.enabled) return null;
    let snapshot: SearchSnapshot | null;
    try {
      snapshot = await this.snapshots.latest();
    } catch (error) {
      this.logger.warn(`Reading the latest search index snapshot failed: ${(error as Error).message}`);
      return null;
    }
    if (!snapshot) {
      this.logger.log(`No search index snapshot of format ${SEARCH_FORMAT_VERSION} in the blob storage`);
      return null;
    }
    if (!(await this.feed.canReplayFrom(snapshot.sequence + 1))) {
      this.logger.warn(`The search index snapshot ${snapshot.key} is current up to change ${snapshot.sequence}, and the change feed no longer holds the changes after it`);
      return null;
    }
    const file = this.scratchFile('download');
    const started = Date.now();
    try {
      await this.snapshots.download(snapshot, file);
      const built = await this.index.adopt(file);
      if (!built || this.index.sequence() !== snapshot.sequence) {
        this.unusable = snapshot.key;
        this.logger.warn(`The search index snapshot ${snapshot.key} is not a complete index of format ${SEARCH_FORMAT_VERSION} at change ${snapshot.sequence}`);
        return null;
      }
      this.logger.log(
        `Search index loaded from the snapshot ${snapshot.key} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${snapshot.pages} pages, current up to change ${snapshot.sequence}; replaying the changes after it`,
      );
      return snapshot.sequence;
    } catch (error) {
      this.unusable = snapshot.key;
      this.logger.warn(`Loading the search index snapshot ${snapshot.key} failed: ${(error as Error).message}`);
      return null;
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  /** Removes the copies a process stopped in the middle of a snapshot left behind. */
  removeLeftovers(): void {
    for (const name of fs.readdirSync(this.dataDir)) if (name.startsWith(SCRATCH_PREFIX)) fs.rmSync(path.join(this.dataDir, name), { force: true });
  }

  private async write(): Promise<SnapshotOutcome> {
    if (!this.enabled) return { written: false, reason: 'snapshots are off (embedded: the index stays on this disk)' };
    if (!this.index.isBuilt()) return this.skipped('the index is not built yet');
    const copy = this.scratchFile('copy');
    const started = Date.now();
    try {
      await backupSqliteFile(this.index.file, copy);
      const summary = summarizeIndexFile(copy);
      if (!summary.built || summary.format !== SEARCH_FORMAT_VERSION) return this.skipped('the copy is not a complete index of this format');
      const snapshot = await this.snapshots.publish(copy, summary, this.unusable);
      if (!snapshot) return this.skipped(`the latest snapshot is already current up to change ${summary.sequence} or later`);
      this.logger.log(
        `Search index snapshot ${snapshot.key} written in ${((Date.now() - started) / 1000).toFixed(1)} s: ${snapshot.pages} pages, current up to change ${snapshot.sequence}, ${(snapshot.bytes / 1024 / 1024).toFixed(1)} MB`,
      );
      return { written: true, snapshot };
    } catch (error) {
      this.logger.warn(`Writing a search index snapshot failed: ${(error as Error).message}`);
      throw error;
    } finally {
      fs.rmSync(copy, { force: true });
    }
  }

  private skipped(reason: string): SnapshotOutcome {
    this.logger.log(`No search index snapshot written: ${reason}`);
    return { written: false, reason };
  }

  /** A file of its own under DATA_DIR, beside search.db (same disk, private). */
  private scratchFile(role: string): string {
    return path.join(this.dataDir, `${SCRATCH_PREFIX}${role}-${randomUUID()}.db`);
  }
}
