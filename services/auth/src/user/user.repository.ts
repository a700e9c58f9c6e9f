import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore } from '@quire/platform';
import { containsText, type UserLanguage } from '@quire/proto';
import type { UserEntity, UserGroup } from './user.entity';

export interface NewUser {
  username: string;
  passwordHash: string;
  groupid: UserGroup;
  /** Unix seconds; also the first login time when the user is logged in at once. */
  now: number;
  loggedIn?: boolean;
  /** The display name (directory accounts bring one). */
  name?: string;
  /** The directory entry of an account a directory sign-in made. */
  ldapDn?: string;
}

const usernameContains = (text: string) => (text === '' ? {} : { username: { $regex: containsText(text) } });

/** The `users` collection. */
@Injectable()
export class UserRepository implements OnModuleInit {
  private readonly users: Collection<UserEntity>;

  constructor(private readonly store: DocumentStore) {
    this.users = store.collection<UserEntity>('users');
  }

  async onModuleInit(): Promise<void> {
    await this.users.ensureIndex({ field: 'uid', unique: true });
    await this.users.ensureIndex({ field: 'username', unique: true });
    await this.users.ensureIndex({ field: 'email' });
    await this.users.ensureIndex({ field: 'ldap_dn' });
  }

  /** Stores a new user with the next uid; rejects with DuplicateKeyError when the username is taken. */
  async create(user: NewUser): Promise<UserEntity> {
    const uid = await this.store.nextId('uid');
    return this.users.insertOne({
      uid,
      username: user.username,
      name: user.name ?? '',
      email: '',
      email_verify: 0,
      groupid: user.groupid,
      password_hash: user.passwordHash,
      avatar: '',
      avatar_small: '',
      reg_time: user.now,
      last_login_time: user.loggedIn ? user.now : 0,
      ...(user.ldapDn ? { ldap_dn: user.ldapDn } : {}),
    });
  }

  /** The account linked to this directory entry. */
  findByLdapDn(dn: string): Promise<UserEntity | null> {
    return this.users.findOne({ ldap_dn: dn });
  }

  /**
   * Links an account to its directory entry and replaces its password hash (the directory's password
   * counts from now on); false when the account changed meanwhile (its hash is no longer `previousHash`).
   */
  async linkLdap(uid: number, previousHash: string, dn: string, passwordHash: string): Promise<boolean> {
    return (await this.users.updateOne({ uid, password_hash: previousHash }, { $set: { ldap_dn: dn, password_hash: passwordHash } })) === 1;
  }

  findByUid(uid: number): Promise<UserEntity | null> {
    return this.users.findOne({ uid });
  }

  /** Exact, case-sensitive match. */
  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.findOne({ username });
  }

  /** Users whose username contains the text (case-insensitive, literally), oldest first. */
  searchByUsername(text: string, limit: number): Promise<UserEntity[]> {
    const filter = text === '' ? {} : { username: { $regex: containsText(text) } };
    return this.users.find(filter, { sort: { uid: 1 }, limit });
  }

  /** One page of the users whose username contains the text (case-insensitive, literally), newest uid first. */
  searchPage(text: string, skip: number, limit: number): Promise<UserEntity[]> {
    return this.users.find(usernameContains(text), { sort: { uid: -1 }, skip, limit });
  }

  countMatching(text: string): Promise<number> {
    return this.users.count(usernameContains(text));
  }

  countByGroup(groupid: UserGroup): Promise<number> {
    return this.users.count({ groupid });
  }

  /** Removes the user for good; 0 when there was no such user. */
  remove(uid: number): Promise<number> {
    return this.users.deleteOne({ uid });
  }

  /** The user whose bound address (stored lower-case) is `email` and verified. */
  findByVerifiedEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOne({ email, email_verify: 1 });
  }

  /** Binds an address, unverified. */
  async setEmail(uid: number, email: string): Promise<boolean> {
    return (await this.users.updateOne({ uid }, { $set: { email, email_verify: 0 } })) > 0;
  }

  /** Marks the address verified when it is still the user's bound one. */
  async markEmailVerified(uid: number, email: string): Promise<boolean> {
    return (await this.users.updateOne({ uid, email }, { $set: { email_verify: 1 } })) > 0;
  }

  async updateName(uid: number, name: string): Promise<boolean> {
    return (await this.users.updateOne({ uid }, { $set: { name } })) > 0;
  }

  async updateLanguage(uid: number, language: UserLanguage): Promise<boolean> {
    return (await this.users.updateOne({ uid }, { $set: { language } })) > 0;
  }

  async updatePasswordHash(uid: number, passwordHash: string): Promise<boolean> {
    return (await this.users.updateOne({ uid }, { $set: { password_hash: passwordHash } })) > 0;
  }

  /**
   * Replaces an imported hash after a login checked it; false when the hash changed meanwhile
   * (a password change wins over the upgrade).
   */
  async replacePasswordHash(uid: number, previousHash: string, passwordHash: string): Promise<boolean> {
    return (await this.users.updateOne({ uid, password_hash: previousHash }, { $set: { password_hash: passwordHash } })) > 0;
  }

  /** True while some user still has a bcrypt hash (`$2y$`/`$2a$`/`$2b$`) from a ShowDoc import. */
  async hasBcryptHash(): Promise<boolean> {
    return (await this.users.findOne({ password_hash: { $regex: /^\$2[aby]\$/ } })) !== null;
  }

  async touchLastLogin(uid: number, time: number): Promise<void> {
    await this.users.updateOne({ uid }, { $set: { last_login_time: time } });
  }
}
