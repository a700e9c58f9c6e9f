import { BaseRpcContext } from '@nestjs/microservices';

/** The RPC context a handler receives on the in-process transport: the pattern it answers. */
export class InProcessContext extends BaseRpcContext<[string]> {
  getPattern(): string {
    return this.args[0];
  }
}
