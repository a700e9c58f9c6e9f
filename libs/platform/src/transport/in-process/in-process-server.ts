import { CustomTransportStrategy, Server } from '@nestjs/microservices';
import { defer } from 'rxjs';
import { InProcessBus } from './in-process-bus';
import { InProcessContext } from './in-process-context';

/** The in-process transport's server side: registers the app's `@MessagePattern` handlers on the bus. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly registered: string[] = [];

  constructor(private readonly bus: InProcessBus) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        this.bus.register(pattern, {
          isEvent: handler.isEventHandler === true,
          handler: (data) => defer(() => this.transformToObservable(handler(data, new InProcessContext([pattern])))),
        });
        this.registered.push(pattern);
      }
    } catch (error) {
      this.close();
      callback(error);
      return;
    }
    callback();
  }

  close(): void {
    for (const pattern of this.registered.splice(0)) this.bus.unregister(pattern);
  }

  /** No connection, so no connection events. */
  on(): void {
    return undefined;
  }

  unwrap<T>(): T {
    return this.bus as T;
  }
}
