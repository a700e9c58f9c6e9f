import { Injectable } from '@nestjs/common';
import type { UserSummary, Verdict } from '@quire/proto';
import { PasswordHasher } from './password-hasher';
import { UserRepository } from './user.repository';

/** What other services may ask about users: never a hash, only answers. */
@Injectable()
export class UserDirectoryService {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** Whether `password` is user `uid`'s login password (unknown users answer false in the same time). */
  async verifyPassword(uid: number, password: string): Promise<Verdict> {
    const user = await this.users.findByUid(uid);
    const valid = user && password ? await this.hasher.verify(user.password_hash, password) : await this.hasher.verifyDecoy(password);
    return { valid };
  }

  async find(username: string): Promise<UserSummary | null> {
    const user = await this.users.findByUsername(username);
    return user ? { uid: user.uid, username: user.username, name: user.name ?? '', groupid: user.groupid } : null;
  }
}
