import { Module } from '@nestjs/common';
import { UserAdminController } from './admin/user-admin.controller';
import { UserAdminService } from './admin/user-admin.service';
import { ItemClient } from './clients/item.client';
import { SettingClient } from './clients/setting.client';
import { TeamClient } from './clients/team.client';
import { EmailTokenRepository } from './email/email-token.repository';
import { EmailController } from './email/email.controller';
import { EmailService } from './email/email.service';
import { MailThrottle } from './email/mail-throttle';
import { UserImportController } from './import/user-import.controller';
import { UserImportService } from './import/user-import.service';
import { LdapDirectory } from './ldap/ldap-directory';
import { LdapController } from './ldap/ldap.controller';
import { LdapService } from './ldap/ldap.service';
import { MailOutboxController } from './mail/mail-outbox.controller';
import { MailOutboxService } from './mail/mail-outbox.service';
import { CaptchaController } from './captcha/captcha.controller';
import { CaptchaByIdService } from './captcha/captcha-by-id.service';
import { CaptchaService } from './captcha/captcha.service';
import { LoginAttemptLimiter } from './login-guard/login-attempt-limiter';
import { LoginFailureCounter } from './login-guard/login-failure-counter';
import { QrcodeController } from './qrcode/qrcode.controller';
import { QrcodeService } from './qrcode/qrcode.service';
import { LegacySessionUpgrade } from './session/legacy-session-upgrade';
import { SessionService } from './session/session.service';
import { PersonalTokenController } from './token/personal-token.controller';
import { PersonalTokenRepository } from './token/personal-token.repository';
import { PersonalTokenService } from './token/personal-token.service';
import { OidcConfigRepository } from './oidc/oidc-config.repository';
import { OidcController } from './oidc/oidc.controller';
import { OidcService } from './oidc/oidc.service';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';
import { AdminSeeder } from './user/admin-seeder';
import { PasswordChangeService } from './user/password-change.service';
import { LegacyHashCensus } from './user/legacy-hash-census';
import { PasswordHasher } from './user/password-hasher';
import { MailProcessor } from './mail/mail.processor';
import { UserDirectoryController } from './user/user-directory.controller';
import { UserDirectoryService } from './user/user-directory.service';
import { UserController } from './user/user.controller';
import { UserRepository } from './user/user.repository';
import { UserService } from './user/user.service';

/**
 * The auth context: users, sessions, captcha and QR codes, directory (LDAP) login, e-mail binding
 * and password reset by mail, and the user side of the administrator console. It imports no adapter: the ports
 * (DocumentStore, KeyValueStore, TransportClient) and QUIRE_CONFIG come from the global
 * PlatformModule of the composition root.
 */
@Module({
  controllers: [
    UserController,
    UserDirectoryController,
    CaptchaController,
    QrcodeController,
    UserAdminController,
    EmailController,
    LdapController,
    MailOutboxController,
    UserImportController,
    PersonalTokenController,
    TwoFactorController,
    OidcController,
  ],
  providers: [
    UserRepository,
    PasswordHasher,
    PasswordChangeService,
    SessionService,
    LegacySessionUpgrade,
    LoginFailureCounter,
    LoginAttemptLimiter,
    CaptchaService,
    CaptchaByIdService,
    LegacyHashCensus,
    QrcodeService,
    UserService,
    AdminSeeder,
    UserDirectoryService,
    MailProcessor,
    SettingClient,
    ItemClient,
    TeamClient,
    LdapDirectory,
    LdapService,
    UserAdminService,
    EmailTokenRepository,
    MailThrottle,
    EmailService,
    MailOutboxService,
    UserImportService,
    PersonalTokenRepository,
    PersonalTokenService,
    TwoFactorRepository,
    TwoFactorService,
    OidcConfigRepository,
    OidcService,
  ],
})
export class AuthModule {}
