import { MessagePattern } from '@nestjs/microservices';
import type { MessageContracts, ReceivedOf, ReplyOf, SubjectOf } from './message-map';

/** A method that answers subject S of map M: called with what arrives for S, it returns S's reply. */
export type MessageHandler<M extends MessageContracts<M>, S extends SubjectOf<M>> = (message: ReceivedOf<M, S>) => ReplyOf<M, S> | Promise<ReplyOf<M, S>>;

/** true when A and B are the same type, not merely assignable to each other. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * A handler must declare its message parameter as exactly what arrives (or take none): a wider
 * type (a bare message) would be accepted by the method check and skip what the map's type carries.
 */
type DeclaresReceived<H extends (...args: never[]) => unknown, R> =
  Parameters<H> extends [] ? unknown : Same<Parameters<H>[0], R> extends true ? unknown : { 'the message parameter must be declared as': R };

/**
 * `@MessagePattern` checked against a message map: `messageHandler<AppMap>()` gives the app its
 * `@Handles(subject)`, which accepts only a method that takes the subject's received message and
 * returns its reply, so a handler cannot drift from the map (and from the senders typed by it)
 * without the build failing.
 */
export function messageHandler<M extends MessageContracts<M>>() {
  return function Handles<S extends SubjectOf<M>>(subject: S) {
    return <H extends MessageHandler<M, S>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H> & DeclaresReceived<H, ReceivedOf<M, S>>): void => {
      MessagePattern(subject)(target, key, descriptor);
    };
  };
}
