import { createContextApp, createUser, type ContextApp } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { MemberRepository } from '../../item/src/member/member.repository';
import { AccessVersion } from '../src/access/access-version';
import { PageModule } from '../src/page.module';
import { DocumentStore } from '@quire/platform';
import { type Caller, MemberGroup, type PageRow, parseJsonReply, Subject, type WireParams } from '@quire/proto';

/** The page service with the item and auth services it talks to, on the embedded platform. */
export function bootPageApp(env: Record<string, string> = {}): Promise<ContextApp> {
  return createContextApp([PageModule, ItemModule, AuthModule], { env: { LANGUAGE: 'en', ...env } });
}

export type User = Caller & { password: string };

export class PageWorld {
  constructor(readonly ctx: ContextApp) {}

  send<R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}): Promise<R> {
    return this.ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));
  }

  user(options: { groupid?: number } = {}): Promise<User> {
    return createUser(this.ctx.app, options);
  }

  /** An item created through item/add; private when a password is given. */
  async item(owner: Caller, options: { password?: string; type?: 1 | 2; name?: string } = {}): Promise<number> {
    const added = await this.send<{ item_id: number }>(Subject.ItemItemAdd, owner, {
      item_name: options.name ?? 'Docs',
      item_type: options.type ?? 1,
      password: options.password ?? '',
    });
    return added.item_id;
  }

  async member(itemId: number, user: Caller, group: MemberGroup): Promise<void> {
    await this.ctx.app.get(MemberRepository).add({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: group, addtime: 0 });
  }

  /**
   * Archives the item in the item service's own store (item/archive needs the login password check of
   * auth), renewing the access version as the item repository does after every write.
   */
  async archive(itemId: number): Promise<void> {
    await this.ctx.app.get(AccessVersion).renewAfter(
      this.ctx.app
        .get(DocumentStore)
        .collection<{ item_id: number; is_archived: number }>('items')
        .updateOne({ item_id: itemId }, { $set: { is_archived: 1 } }),
    );
  }

  /** Makes `caller` the last editor of a page, as their save would (without needing their right to save). */
  async authoredBy(pageId: number, caller: Caller): Promise<void> {
    await this.ctx.app
      .get(DocumentStore)
      .collection<{ page_id: number; author_uid: number }>('pages')
      .updateOne({ page_id: pageId }, { $set: { author_uid: caller.uid } });
  }

  save(caller: Caller, params: WireParams): Promise<PageRow> {
    return this.send<PageRow>(Subject.PagePageSave, caller, params);
  }

  page(caller: Caller, itemId: number, title = 'A page', more: WireParams = {}): Promise<PageRow> {
    return this.save(caller, { item_id: itemId, page_title: title, page_content: `# ${title}`, ...more });
  }

  async catalog(caller: Caller, itemId: number, name: string, parent = 0, more: WireParams = {}): Promise<number> {
    const row = await this.send<{ cat_id: number }>(Subject.PageCatalogSave, caller, { item_id: itemId, cat_name: name, parent_cat_id: parent, ...more });
    return row.cat_id;
  }
}

/** Resolves to the error's code and message key, or fails when the call succeeded (libs/testing's). */
export { failure } from '@quire/testing';
