import { Injectable } from '@nestjs/common';
import { DocumentStore, KeyValueStore, withLock } from '@quire/platform';
import { AccessVersion } from '../access/access-version';

/**
 * Writes of team data that belong together (a team with its members, items and the rights they
 * give) as one unit of the document store: all kept, or none. The repositories renew the access
 * version after each write, which inside a unit comes before the commit; it is renewed once more
 * after it, so a replica that cached the rights as they were meanwhile drops them.
 */
@Injectable()
export class TeamChanges {
  constructor(
    private readonly documents: DocumentStore,
    private readonly accessVersion: AccessVersion,
    private readonly kv: KeyValueStore,
  ) {}

  apply<R>(work: () => Promise<R>): Promise<R> {
    return this.accessVersion.renewAfter(this.documents.transaction(work));
  }

  /**
   * As `apply`, one grant of rights in a team at a time, in every replica. A unit does not see
   * another's writes before they commit: a member added while an item is assigned would otherwise
   * be missed by both grants (MongoDB's snapshot isolation allows this; the embedded store runs
   * units one at a time anyway).
   */
  applyGranting<R>(teamId: number, work: () => Promise<R>): Promise<R> {
    return withLock(this.kv, `lock:team-grants:${teamId}`, () => this.apply(work));
  }
}
