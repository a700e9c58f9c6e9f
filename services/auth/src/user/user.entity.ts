import type { UserInfo, UserLanguage } from '@quire/proto';

/** Group ids of `users.groupid` (contract §18). */
export const UserGroup = {
  Admin: 1,
  User: 2,
} as const;
export type UserGroup = (typeof UserGroup)[keyof typeof UserGroup];

/** A stored user: what `user/info` shows, and the password hash, which never leaves the auth service. */
export interface UserEntity extends Omit<UserInfo, 'language'> {
  groupid: UserGroup;
  /** The language setting; absent on users who never chose one (as '' in `user/info`). */
  language?: UserLanguage;
  /**
   * An argon2id PHC string, or a hash a ShowDoc import brought (bcrypt `$2y$…`, or
   * `showdoc-md5$…`), which the first successful login replaces with argon2id.
   */
  password_hash: string;
  /**
   * Issue 21: the directory entry this account signs in as (made by a directory sign-in, or a local
   * account linked to its entry); absent on local accounts. Its password is then the directory's.
   */
  ldap_dn?: string;
}
