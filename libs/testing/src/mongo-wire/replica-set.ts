import { Binary, Long, ObjectId, Timestamp, type Document } from 'bson';

/** The replica set the test server is the only member of (the name docker-compose.yml gives its MongoDB). */
export const REPLICA_SET_NAME = 'rs0';

/** A term that never changes: the server is elected once and stays primary. */
const ELECTION_ID = new ObjectId('7fffffff0000000000000001');

/**
 * What `hello` adds for the primary of a one-member replica set: the driver then sends sessions,
 * transactions and retryable writes. `me` is the server's own `host:port`; no `topologyVersion`,
 * so the driver polls `hello` rather than streaming it (awaitable hello is not answered).
 */
export function primaryHello(me: string): Document {
  return {
    setName: REPLICA_SET_NAME,
    setVersion: 1,
    electionId: ELECTION_ID,
    hosts: [me],
    primary: me,
    me,
    secondary: false,
  };
}

/**
 * The cluster time a replica set member gossips in every reply (`$clusterTime`, signed with a zero
 * key as when authentication is off) and the `operationTime` the driver keeps for causally
 * consistent reads. It ticks once a command, within the current second.
 */
export class ClusterClock {
  private seconds = 0;
  private increment = 0;

  tick(): Document {
    const now = Math.floor(Date.now() / 1000);
    if (now > this.seconds) [this.seconds, this.increment] = [now, 0];
    const clusterTime = new Timestamp({ t: this.seconds, i: ++this.increment });
    return {
      $clusterTime: { clusterTime, signature: { hash: new Binary(Buffer.alloc(20), 0), keyId: Long.ZERO } },
      operationTime: clusterTime,
    };
  }
}
