import { Injectable } from '@nestjs/common';
import { DocumentStore, DuplicateKeyError } from '@quire/platform';
import type { ImportedUser, ImportedUsers, ImportUsersDto } from '@quire/proto';
import { UserGroup } from '../user/user.entity';
import { UserRepository } from '../user/user.repository';

/**
 * Users brought over from another site. Each keeps the password hash its site stored (ShowDoc's bcrypt as is,
 * an older ShowDoc's salted MD5 as `showdoc-md5$<salt>$<hex>`): login verifies it and re-hashes with argon2 at the first
 * success. A username that Quire already has is never merged: the existing user is left exactly as it is and
 * answered as `existing`, so the import maps the ShowDoc user's items and rights to it and reports it.
 */
@Injectable()
export class UserImportService {
  constructor(
    private readonly documents: DocumentStore,
    private readonly users: UserRepository,
  ) {}

  async importUsers(dto: ImportUsersDto): Promise<ImportedUsers> {
    const imported: ImportedUser[] = [];
    for (const user of dto.users) imported.push(await this.importOne(user));
    return { users: imported };
  }

  private async importOne(user: ImportUsersDto['users'][number]): Promise<ImportedUser> {
    const existing = await this.users.findByUsername(user.username);
    if (existing) return { showdoc_uid: user.showdoc_uid, uid: existing.uid, username: existing.username, outcome: 'existing' };
    try {
      const created = await this.documents.transaction(async () => {
        const row = await this.users.create({
          username: user.username,
          passwordHash: user.password_hash,
          groupid: user.groupid === 1 ? UserGroup.Admin : UserGroup.User,
          now: user.reg_time,
          name: user.name,
        });
        if (user.last_login_time > 0) await this.users.touchLastLogin(row.uid, user.last_login_time);
        if (user.email !== '') await this.users.setEmail(row.uid, user.email.toLowerCase());
        return row;
      });
      return { showdoc_uid: user.showdoc_uid, uid: created.uid, username: created.username, outcome: 'created' };
    } catch (error) {
      // Registered between the lookup and the insert: that user is Quire's, mapped like any other existing one.
      if (!(error instanceof DuplicateKeyError)) throw error;
      const raced = await this.users.findByUsername(user.username);
      if (!raced) throw error;
      return { showdoc_uid: user.showdoc_uid, uid: raced.uid, username: raced.username, outcome: 'existing' };
    }
  }
}
