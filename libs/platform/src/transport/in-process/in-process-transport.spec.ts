import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connectTransport } from '../connect-transport';
import { describeTransportContract, TestErrorCode, type TestMessages, TestSubject, TransportTestModule, useTestErrors } from '../transport.contract';
import { InProcessBus } from './in-process-bus';
import { InProcessTransportClient } from './in-process-transport-client';

useTestErrors();

@Module({ imports: [TransportTestModule], providers: [InProcessBus] })
class InProcessTestAppModule {}

/** The embedded path: one hybrid Nest app whose handlers answer on its InProcessBus. */
async function startInProcess(timeoutMs: number) {
  const app = await NestFactory.create(InProcessTestAppModule, { logger: false });
  connectTransport(app, { mode: 'embedded' });
  await app.init();
  await app.startAllMicroservices();
  const transport = new InProcessTransportClient<TestMessages>(app.get(InProcessBus), timeoutMs);
  return {
    app,
    transport,
    async close() {
      await transport.close();
      await app.close();
    },
  };
}

describeTransportContract('in-process transport', startInProcess, {
  timeoutMs: 400,
  unknownSubject: { code: TestErrorCode.InvalidRoute, key: 'not_available_yet' },
});

describe(InProcessTransportClient.name, () => {
  it('stops answering once the app is closed: its handlers leave the bus', async () => {
    const harness = await startInProcess(400);
    const bus = harness.app.get(InProcessBus);
    expect(bus.patterns).toContain(TestSubject.Echo);

    await harness.app.close();

    expect(bus.patterns).toEqual([]);
    await expect(harness.transport.send(TestSubject.Echo, { caller: { uid: 0, clientId: 'c' }, params: {} })).rejects.toMatchObject({
      code: TestErrorCode.InvalidRoute,
      key: 'not_available_yet',
    });
  });
});
