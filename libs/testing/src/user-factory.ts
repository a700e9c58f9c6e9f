import type { INestApplication } from '@nestjs/common';
import { hash } from '@node-rs/argon2';
import { DocumentStore } from '@quire/platform';
import type { Caller } from '@quire/proto';
import { testCaller } from './context-app';

let counter = 0;

/**
 * A user stored the way the auth service stores them (the `users` collection of the
 * app's DocumentStore), returned as the Caller the gateway would resolve for them.
 */
export async function createUser(app: INestApplication, options: { username?: string; password?: string; groupid?: number } = {}): Promise<Caller & { password: string }> {
  const store = app.get(DocumentStore);
  const uid = await store.nextId('uid');
  const username = options.username ?? `user${uid}x${++counter}`;
  const password = options.password ?? 'password-1';
  await store.collection('users').insertOne({
    uid,
    username,
    name: '',
    email: '',
    email_verify: 0,
    groupid: options.groupid ?? 2,
    password_hash: await hash(password),
    avatar: '',
    avatar_small: '',
    reg_time: Math.floor(Date.now() / 1000),
    last_login_time: 0,
  });
  return { ...testCaller({ uid, username, groupid: options.groupid ?? 2 }), password };
}
