import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CreatedToken, CreateTokenSchema, type Incoming, parseParams, RevokeTokenSchema, Subject, type TokenRow, TouchTokenSchema } from '@quire/proto';
import { Handles } from '../handles';
import { PersonalTokenService } from './personal-token.service';

@Controller()
export class PersonalTokenController {
  constructor(private readonly tokens: PersonalTokenService) {}

  @Handles(Subject.AuthTokenCreate)
  create(@Payload() message: Incoming<typeof Subject.AuthTokenCreate>): Promise<CreatedToken> {
    return this.tokens.create(message.caller, parseParams(CreateTokenSchema, message.params));
  }

  @Handles(Subject.AuthTokenList)
  list(@Payload() message: Incoming<typeof Subject.AuthTokenList>): Promise<TokenRow[]> {
    return this.tokens.list(message.caller);
  }

  @Handles(Subject.AuthTokenRevoke)
  revoke(@Payload() message: Incoming<typeof Subject.AuthTokenRevoke>): Promise<never[]> {
    return this.tokens.revoke(message.caller, parseParams(RevokeTokenSchema, message.params));
  }

  @Handles(Subject.AuthTokenTouch)
  touch(@Payload() message: Incoming<typeof Subject.AuthTokenTouch>): Promise<never[]> {
    return this.tokens.touch(parseParams(TouchTokenSchema, message.params));
  }
}
