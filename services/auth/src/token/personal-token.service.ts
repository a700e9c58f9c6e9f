import { randomBytes } from 'node:crypto';
import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { hashSecret, KeyValueStore } from '@quire/platform';
import {
  AppError,
  type Caller,
  type CreatedToken,
  type CreateTokenDto,
  encodePersonalToken,
  ErrorCode,
  nowSeconds,
  PERSONAL_TOKEN_PREFIX,
  personalTokenKey,
  type RevokeTokenDto,
  TOKEN_MAX_PER_USER,
  type TokenRow,
  type TouchTokenDto,
} from '@quire/proto';
import { UserRepository } from '../user/user.repository';
import type { PersonalTokenEntity } from './personal-token.entity';
import { PersonalTokenRepository } from './personal-token.repository';

const DAY_SECONDS = 24 * 3600;
/** Characters of the token kept to tell tokens apart: the prefix and four more. */
const SHOWN_PREFIX_LENGTH = PERSONAL_TOKEN_PREFIX.length + 4;

function toRow(token: PersonalTokenEntity, now: number): TokenRow {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    prefix: token.prefix,
    addtime: token.addtime,
    expire_time: token.expire_time,
    last_used_time: token.last_used_time,
    expired: token.expire_time !== 0 && token.expire_time <= now,
  };
}

/** A session caller: tokens are managed from a session only (the route table says so too). */
function requireSession(caller: Caller): void {
  if (caller.uid === 0) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
  if (caller.personalToken) throw new AppError(ErrorCode.NoPermission, 'token_session_only');
}

/**
 * Personal API tokens (issue 21): made, listed and revoked by their owner. Each live token is published to the
 * gateway as a PersonalTokenRecord under the SHA-256 of the token in the KeyValueStore, with the token's lifetime,
 * so the gateway resolves `Authorization: Bearer qpat_…` to its owner in the round trip it makes for sessions.
 */
@Injectable()
export class PersonalTokenService implements OnApplicationBootstrap {
  constructor(
    private readonly tokens: PersonalTokenRepository,
    private readonly users: UserRepository,
    private readonly kv: KeyValueStore,
  ) {}

  /** Publishes every live token again (a key-value store that was emptied forgets none). */
  async onApplicationBootstrap(): Promise<void> {
    const now = nowSeconds();
    for (const token of await this.tokens.live(now)) {
      const user = await this.users.findByUid(token.uid);
      if (user) await this.publish(token, user, now);
    }
  }

  async create(caller: Caller, dto: CreateTokenDto): Promise<CreatedToken> {
    requireSession(caller);
    const user = await this.users.findByUid(caller.uid);
    if (!user) throw new AppError(ErrorCode.NotLoggedIn, 'not_logged_in');
    const now = nowSeconds();
    if ((await this.tokens.liveOfUser(caller.uid, now)).length >= TOKEN_MAX_PER_USER) {
      throw AppError.failed('token_too_many', { max: TOKEN_MAX_PER_USER });
    }
    const secret = `${PERSONAL_TOKEN_PREFIX}${randomBytes(30).toString('base64url')}`;
    const token = await this.tokens.create({
      uid: user.uid,
      name: dto.name,
      scope: dto.scope,
      token_hash: hashSecret(secret),
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      addtime: now,
      expire_time: dto.expire_days === 0 ? 0 : now + dto.expire_days * DAY_SECONDS,
      last_used_time: 0,
      revoked_time: 0,
    });
    await this.publish(token, user, now);
    return { id: token.id, token: secret };
  }

  async list(caller: Caller): Promise<TokenRow[]> {
    requireSession(caller);
    const now = nowSeconds();
    return (await this.tokens.ofUser(caller.uid)).map((token) => toRow(token, now));
  }

  async revoke(caller: Caller, dto: RevokeTokenDto): Promise<never[]> {
    requireSession(caller);
    const token = await this.tokens.revoke(caller.uid, dto.id, nowSeconds());
    if (!token) throw AppError.failed('token_unknown');
    await this.kv.delete(personalTokenKey(token.token_hash));
    return [];
  }

  /** Every token of a user stops working (the user was deleted). */
  async revokeAll(uid: number): Promise<void> {
    const tokens = await this.tokens.revokeAllOfUser(uid, nowSeconds());
    await Promise.all(tokens.map((token) => this.kv.delete(personalTokenKey(token.token_hash))));
  }

  /** The gateway saw the token used (at most once a minute per token and gateway). */
  async touch(dto: TouchTokenDto): Promise<never[]> {
    await this.tokens.touch(dto.id, nowSeconds());
    return [];
  }

  private async publish(token: PersonalTokenEntity, user: { uid: number; username: string; groupid: number }, now: number): Promise<void> {
    const record = encodePersonalToken({ id: token.id, uid: user.uid, username: user.username, groupid: user.groupid, scope: token.scope });
    if (token.expire_time === 0) await this.kv.set(personalTokenKey(token.token_hash), record);
    else await this.kv.set(personalTokenKey(token.token_hash), record, token.expire_time - now);
  }
}
