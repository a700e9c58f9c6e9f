import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { defer, lastValueFrom, type Observable } from 'rxjs';
import type { LocalDatabase } from '../sqlite/local-database';

/**
 * Every message handler runs in the local database's `durableAtEnd`: its writes resolve at their
 * commit, and its reply leaves only once they are all synced (one wait for the disk per request
 * instead of one per write). A process whose stores are MongoDB and S3 never opens the local
 * database: its handlers pass through untouched.
 */
export class DurableRepliesInterceptor implements NestInterceptor {
  constructor(private readonly local: LocalDatabase) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const db = this.local.database();
    if (!db) return next.handle();
    return defer(() => db.durableAtEnd(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
