import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { QuireConfig } from '@quire/config';
import { DuplicateKeyError, QUIRE_CONFIG } from '@quire/platform';
import { PasswordHasher } from './password-hasher';
import { UserGroup } from './user.entity';
import { UserRepository } from './user.repository';
import { unixNow } from './user.service';

export const ADMIN_USERNAME = 'showdoc';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const GENERATED_PASSWORD_LENGTH = 16;

export function generatePassword(length = GENERATED_PASSWORD_LENGTH): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/**
 * Creates the administrator `showdoc` on the first start: with QUIRE_ADMIN_PASSWORD when
 * set, else with a random password printed once. Never a fixed default.
 */
@Injectable()
export class AdminSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(AdminSeeder.name);

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.users.findByUsername(ADMIN_USERNAME)) return;
    const configured = this.config.adminPassword;
    const password = configured ?? generatePassword();
    try {
      await this.users.create({
        username: ADMIN_USERNAME,
        passwordHash: await this.hasher.hash(password),
        groupid: UserGroup.Admin,
        now: unixNow(),
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) return; // another replica created it first
      throw error;
    }
    if (configured) {
      this.logger.log(`Administrator '${ADMIN_USERNAME}' created with the password from QUIRE_ADMIN_PASSWORD`);
    } else {
      this.logger.log(`Administrator '${ADMIN_USERNAME}' created with password: ${password}`);
    }
  }
}
