import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type LoggedInUser,
  type Message,
  parseParams,
  type Reply,
  ResetPasswordByUrlSchema,
  ResetPasswordEmailSchema,
  Subject,
  UpdateEmailSchema,
  VerifyEmailSchema,
} from '@quire/proto';
import { EmailService } from './email.service';

@Controller()
export class EmailController {
  constructor(private readonly email: EmailService) {}

  @MessagePattern(Subject.AuthUserUpdateEmail)
  updateEmail(@Payload() message: Message): Promise<never[]> {
    return this.email.updateEmail(message.caller, parseParams(UpdateEmailSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserVerifyEmail)
  verifyEmail(@Payload() message: Message): Promise<never[]> {
    return this.email.verifyEmail(parseParams(VerifyEmailSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserResetPasswordEmail)
  resetPasswordEmail(@Payload() message: Message): Promise<never[]> {
    return this.email.resetPasswordEmail(message.caller, parseParams(ResetPasswordEmailSchema, message.params));
  }

  @MessagePattern(Subject.AuthUserResetPasswordByUrl)
  resetPasswordByUrl(@Payload() message: Message): Promise<Reply<LoggedInUser>> {
    return this.email.resetPasswordByUrl(parseParams(ResetPasswordByUrlSchema, message.params));
  }
}
