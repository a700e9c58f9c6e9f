import { settlesAtOnce, startMongoWireServer, startTcpGate, type MongoWireServer, type TcpGate } from '@quire/testing';
import { MongoDocumentStore } from './mongo-document-store';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * MongoDB away at boot and later, through a TCP gate in front of libs/testing's MongoDB-protocol
 * server (shut: connections are refused, as from a MongoDB that is down or not started yet).
 */
describe(`${MongoDocumentStore.name} when MongoDB is away`, () => {
  let server: MongoWireServer | undefined;
  let gate: TcpGate;
  let sut: MongoDocumentStore;

  afterEach(async () => {
    await sut?.close();
    await gate?.shut();
    await server?.dispose();
    server = undefined;
  });

  it('keeps trying a MongoDB unreachable at boot: ping fails at once meanwhile, and everything works once it appears', async () => {
    gate = await startTcpGate(undefined, { open: false });
    sut = new MongoDocumentStore({ url: `mongodb://127.0.0.1:${gate.port}/quire`, serverSelectionTimeoutMS: 500, connectRetryMs: 200 });
    // An operation asked before MongoDB exists waits for it rather than failing.
    const early = sut.collection<{ id: number }>('things').insertOne({ id: 1 });
    for (let i = 0; i < 4; i++) {
      await sleep(500);
      const ping = sut.ping();
      expect(await settlesAtOnce(ping)).toBe(true);
      await expect(ping).rejects.toThrow(/MongoDB does not answer/);
    }

    server = await startMongoWireServer();
    gate.target = server.port;
    await gate.open();
    const appeared = Date.now();
    await expect(early).resolves.toEqual({ id: 1 });
    expect(Date.now() - appeared).toBeLessThan(3_000);
    await expect(sut.ping()).resolves.toBeUndefined();
    expect(await sut.collection<{ id: number }>('things').find({})).toEqual([{ id: 1 }]);
  });

  it('after an outage, answers again without being rebuilt', async () => {
    server = await startMongoWireServer();
    gate = await startTcpGate(server.port);
    sut = new MongoDocumentStore({ url: gate.url(server.url), serverSelectionTimeoutMS: 500 });
    await sut.collection<{ id: number }>('things').insertOne({ id: 1 });

    await gate.shut();
    await expect(sut.ping()).rejects.toThrow();
    await gate.open();
    let back = false;
    for (const deadline = Date.now() + 5_000; !back && Date.now() < deadline; await sleep(100)) {
      back = await sut.ping().then(
        () => true,
        () => false,
      );
    }
    expect(back).toBe(true);
    expect(await sut.collection<{ id: number }>('things').count({})).toBe(1);
  });
});
