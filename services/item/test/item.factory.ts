import { DocumentStore, KeyValueStore } from '@quire/platform';
import { type Caller, captchaKey, MemberGroup, parseJsonReply, Subject, type WireParams } from '@quire/proto';
import { type ContextApp, createContextApp, createUser } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { SearchLifecycle } from '../../search/src/feed/search-lifecycle';
import { SearchModule } from '../../search/src/search.module';
import { TeamModule } from '../../team/src/team.module';
import type { ItemEntity } from '../src/item/item.entity';
import { ItemRepository } from '../src/item/item.repository';
import { ItemModule } from '../src/item.module';
import { MemberRepository } from '../src/member/member.repository';

/** The item service with the services it talks to (page, auth, team, notice, search), on the embedded platform. */
export async function bootItemApp(): Promise<ContextApp> {
  const ctx = await createContextApp([ItemModule, PageModule, AuthModule, TeamModule, NoticeModule, SearchModule], { env: { LANGUAGE: 'en' } });
  await ctx.app.get(SearchLifecycle).whenBuilt();
  return ctx;
}

export type User = Caller & { password: string };

/** Drives the item service through the transport, as the gateway would. */
export class ItemWorld {
  constructor(readonly ctx: ContextApp) {}

  send<R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}): Promise<R> {
    return this.ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));
  }

  user(options: { groupid?: number; username?: string } = {}): Promise<User> {
    return createUser(this.ctx.app, options);
  }

  /** An item created through item/add; private when a password is given. */
  async item(owner: Caller, options: { password?: string; type?: 1 | 2; name?: string; domain?: string } = {}): Promise<number> {
    const added = await this.send<{ item_id: number }>(Subject.ItemItemAdd, owner, {
      item_name: options.name ?? 'Docs',
      item_type: options.type ?? 1,
      password: options.password ?? '',
      item_domain: options.domain ?? '',
    });
    return added.item_id;
  }

  /** A member row straight into the repository (fixtures); `member/save` is tested in member.spec.ts. */
  async member(itemId: number, user: Caller, group: MemberGroup): Promise<void> {
    await this.ctx.app.get(MemberRepository).add({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: group, addtime: 0 });
  }

  /** The stored row as the item service reads it (live or deleted; the visit password in clear). */
  stored(itemId: number): Promise<ItemEntity | null> {
    return this.ctx.app.get(ItemRepository).findById(itemId);
  }

  async setStored(itemId: number, fields: Partial<ItemEntity>): Promise<void> {
    await this.ctx.app.get(DocumentStore).collection<ItemEntity>('items').updateOne({ item_id: itemId }, { $set: fields });
  }

  /** Shows the browser a new captcha image (common/verify) and returns its code, as the user would read it. */
  async showCaptcha(caller: Caller): Promise<string> {
    await this.send(Subject.AuthCaptchaCreate, caller);
    const code = await this.ctx.app.get(KeyValueStore).get(captchaKey(caller.clientId));
    if (!code) throw new Error('no captcha code was stored for this browser');
    return code;
  }

  async page(caller: Caller, itemId: number, title: string, more: WireParams = {}): Promise<{ page_id: number }> {
    return this.send<{ page_id: number }>(Subject.PagePageSave, caller, { item_id: itemId, page_title: title, page_content: `# ${title}`, ...more });
  }

  async catalog(caller: Caller, itemId: number, name: string, parent = 0): Promise<number> {
    return (await this.send<{ cat_id: number }>(Subject.PageCatalogSave, caller, { item_id: itemId, cat_name: name, parent_cat_id: parent })).cat_id;
  }
}

/** Resolves to the error's code and message key, or fails when the call succeeded (libs/testing's). */
export { failure } from '@quire/testing';

/** The text of a plain-text reply (`Reply.raw`). */
export function replyText(reply: unknown): string {
  const raw = (reply as { raw?: { base64: string } }).raw;
  if (!raw) throw new Error(`expected a raw reply, got ${JSON.stringify(reply)}`);
  return Buffer.from(raw.base64, 'base64').toString('utf8');
}

/** Like `failure`, with the message params (to check the names a message carries). */
export async function failureDetail(call: Promise<unknown>): Promise<{ code: number; key: string; params: Record<string, string | number> }> {
  try {
    await call;
  } catch (error) {
    const { code, key, params } = error as { code: number; key: string; params?: Record<string, string | number> };
    return { code, key, params: params ?? {} };
  }
  throw new Error('expected the call to fail');
}
