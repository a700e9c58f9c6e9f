import { messageHandler } from '@quire/platform';
import type { QuireContracts } from '@quire/proto';

/**
 * `@MessagePattern` checked against proto's message map: `@Handles(Subject.X)` takes only a method
 * whose message is declared `Incoming<typeof Subject.X>` and that returns X's reply.
 */
export const Handles = messageHandler<QuireContracts>();
