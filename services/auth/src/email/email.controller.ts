import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Incoming, type LoggedInUser, parseParams, type Reply, ResetPasswordByUrlSchema, ResetPasswordEmailSchema, Subject, UpdateEmailSchema, VerifyEmailSchema } from '@quire/proto';
import { Handles } from '../handles';
import { EmailService } from './email.service';

@Controller()
export class EmailController {
  constructor(private readonly email: EmailService) {}

  @Handles(Subject.AuthUserUpdateEmail)
  updateEmail(@Payload() message: Incoming<typeof Subject.AuthUserUpdateEmail>): Promise<never[]> {
    return this.email.updateEmail(message.caller, parseParams(UpdateEmailSchema, message.params));
  }

  @Handles(Subject.AuthUserVerifyEmail)
  verifyEmail(@Payload() message: Incoming<typeof Subject.AuthUserVerifyEmail>): Promise<never[]> {
    return this.email.verifyEmail(parseParams(VerifyEmailSchema, message.params));
  }

  @Handles(Subject.AuthUserResetPasswordEmail)
  resetPasswordEmail(@Payload() message: Incoming<typeof Subject.AuthUserResetPasswordEmail>): Promise<never[]> {
    return this.email.resetPasswordEmail(message.caller, parseParams(ResetPasswordEmailSchema, message.params));
  }

  @Handles(Subject.AuthUserResetPasswordByUrl)
  resetPasswordByUrl(@Payload() message: Incoming<typeof Subject.AuthUserResetPasswordByUrl>): Promise<Reply<LoggedInUser>> {
    return this.email.resetPasswordByUrl(message.caller, parseParams(ResetPasswordByUrlSchema, message.params));
  }
}
