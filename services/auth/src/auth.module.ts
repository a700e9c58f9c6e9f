import { Module } from '@nestjs/common';
import { CaptchaController } from './captcha/captcha.controller';
import { CaptchaService } from './captcha/captcha.service';
import { LoginFailureCounter } from './login-guard/login-failure-counter';
import { QrcodeController } from './qrcode/qrcode.controller';
import { QrcodeService } from './qrcode/qrcode.service';
import { SessionService } from './session/session.service';
import { AdminSeeder } from './user/admin-seeder';
import { PasswordHasher } from './user/password-hasher';
import { MailProcessor } from './mail/mail.processor';
import { UserDirectoryController } from './user/user-directory.controller';
import { UserDirectoryService } from './user/user-directory.service';
import { UserController } from './user/user.controller';
import { UserRepository } from './user/user.repository';
import { UserService } from './user/user.service';

/**
 * The auth context: users, sessions, captcha and QR codes. It imports no adapter: the ports
 * (DocumentStore, KeyValueStore, TransportClient) and QUIRE_CONFIG come from the global
 * PlatformModule of the composition root.
 */
@Module({
  controllers: [UserController, UserDirectoryController, CaptchaController, QrcodeController],
  providers: [
    UserRepository,
    PasswordHasher,
    SessionService,
    LoginFailureCounter,
    CaptchaService,
    QrcodeService,
    UserService,
    AdminSeeder,
    UserDirectoryService,
    MailProcessor,
  ],
})
export class AuthModule {}
