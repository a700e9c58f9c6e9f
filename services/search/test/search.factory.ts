import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Caller, type ItemSearchResults, MemberGroup, type MemberRow, parseJsonReply, type SearchResults, Subject, type WireParams } from '@quire/proto';
import { type ContextApp, createContextApp, createUser } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { NoticeModule } from '../../notice/src/notice.module';
import { PageModule } from '../../page/src/page.module';
import { TeamModule } from '../../team/src/team.module';
import { SearchLifecycle } from '../src/feed/search-lifecycle';
import { SearchModule } from '../src/search.module';

/** The search service with the services it asks and those that write what it indexes, its index built. */
export async function bootSearchApp(dataDir?: string): Promise<ContextApp> {
  const ctx = await createContextApp([SearchModule, ItemModule, PageModule, AuthModule, TeamModule, NoticeModule], {
    env: { LANGUAGE: 'en', ...(dataDir ? { DATA_DIR: dataDir } : {}) },
  });
  await ctx.app.get(SearchLifecycle).whenBuilt();
  return ctx;
}

/** A DATA_DIR that outlives one app (restarts), removed with its key file by `remove`. */
export function keptDataDir(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-search-'));
  return {
    dir,
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}.key`, { force: true });
    },
  };
}

export type User = Caller & { password: string };

/** Drives the services through the transport, as the gateway would. */
export class SearchWorld {
  constructor(readonly ctx: ContextApp) {}

  send<R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}): Promise<R> {
    return this.ctx.relay(subject, { caller, params }).then((reply) => parseJsonReply<R>(reply));
  }

  user(): Promise<User> {
    return createUser(this.ctx.app);
  }

  async item(owner: Caller, options: { password?: string; name?: string } = {}): Promise<number> {
    const added = await this.send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_name: options.name ?? 'Docs', item_type: 1, password: options.password ?? '', item_domain: '' });
    return added.item_id;
  }

  async page(caller: Caller, itemId: number, title: string, content: string, more: WireParams = {}): Promise<number> {
    return (await this.send<{ page_id: number }>(Subject.PagePageSave, caller, { item_id: itemId, page_title: title, page_content: content, ...more })).page_id;
  }

  async catalog(caller: Caller, itemId: number, name: string, parent = 0): Promise<number> {
    return (await this.send<{ cat_id: number }>(Subject.PageCatalogSave, caller, { item_id: itemId, cat_name: name, parent_cat_id: parent })).cat_id;
  }

  async member(owner: Caller, itemId: number, user: Caller, group: MemberGroup = MemberGroup.ReadOnly): Promise<number> {
    return (await this.send<MemberRow>(Subject.ItemMemberSave, owner, { item_id: itemId, username: user.username, member_group_id: group })).item_member_id;
  }

  search(caller: Caller, keyword: string, more: WireParams = {}): Promise<SearchResults> {
    return this.send<SearchResults>(Subject.SearchPageQuery, caller, { keyword, ...more });
  }

  /** The page ids a search answers, best first. */
  async found(caller: Caller, keyword: string, more: WireParams = {}): Promise<number[]> {
    return (await this.search(caller, keyword, more)).results.map((hit) => hit.page_id);
  }

  itemSearch(caller: Caller, itemId: number, keyword: string): Promise<ItemSearchResults> {
    return this.send<ItemSearchResults>(Subject.SearchItemSearch, caller, { item_id: itemId, keyword });
  }
}

/** Resolves to the error's code and message key, or fails when the call succeeded (libs/testing's). */
export { failure } from '@quire/testing';
