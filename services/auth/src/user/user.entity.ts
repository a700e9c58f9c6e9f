/** Group ids of `users.groupid` (contract §18). */
export const UserGroup = {
  Admin: 1,
  User: 2,
} as const;
export type UserGroup = (typeof UserGroup)[keyof typeof UserGroup];

/** A stored user. `password_hash` never leaves the auth service. */
export interface UserEntity {
  uid: number;
  username: string;
  name: string;
  email: string;
  /** 1 once the e-mail address is verified, else 0. */
  email_verify: number;
  groupid: UserGroup;
  /** An argon2id PHC string. */
  password_hash: string;
  avatar: string;
  avatar_small: string;
  /** Unix seconds. */
  reg_time: number;
  /** Unix seconds; 0 before the first login. */
  last_login_time: number;
}
