import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ErrorCode, type Incoming, parseParams, Subject, TestLdapSchema } from '@quire/proto';
import { Handles } from '../handles';
import { LdapService } from './ldap.service';

@Controller()
export class LdapController {
  constructor(private readonly ldap: LdapService) {}

  @Handles(Subject.AuthLdapTest)
  test(@Payload() message: Incoming<typeof Subject.AuthLdapTest>): Promise<never[]> {
    return this.ldap.test(message.caller, parseParams(TestLdapSchema, message.params, ErrorCode.LdapConfig).ldap_form);
  }
}
