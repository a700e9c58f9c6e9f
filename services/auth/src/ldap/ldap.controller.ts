import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ErrorCode, type Message, parseParams, Subject, TestLdapSchema } from '@quire/proto';
import { LdapService } from './ldap.service';

@Controller()
export class LdapController {
  constructor(private readonly ldap: LdapService) {}

  @MessagePattern(Subject.AuthLdapTest)
  test(@Payload() message: Message): Promise<never[]> {
    return this.ldap.test(message.caller, parseParams(TestLdapSchema, message.params, ErrorCode.LdapConfig).ldap_form);
  }
}
