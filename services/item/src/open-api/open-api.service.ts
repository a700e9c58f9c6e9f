import { Injectable, Logger } from '@nestjs/common';
import {
  AppError,
  type AuthorizedItem,
  type AuthorizeApiKeyDto,
  type Caller,
  ErrorCode,
  type ItemAudienceDto,
  type OpenFromCommentsDto,
  type OpenUpdateDbItemDto,
  type OpenUpdatePageDto,
  type PageRow,
  Reply,
} from '@quire/proto';
import { ApiKeyService } from '../api-key/api-key.service';
import { PageClient } from '../clients/page.client';
import type { ItemEntity } from '../item/item.entity';
import { ItemRepository } from '../item/item.repository';
import { MemberRepository } from '../member/member.repository';
import { commentDocPages } from './comment-doc';
import { dbDictionaryPages } from './db-dictionary';
import { type GeneratedPage, MAX_GENERATED_PAGES, sortNumber } from './generated-page';

/** The author recorded on pages the open API writes. */
export const OPEN_API_AUTHOR = 'API';

const text = (body: string) => Reply.raw('text/plain; charset=utf-8', Buffer.from(body, 'utf8'));

/**
 * The open API (contract §11): scripts write pages with an item's api_key and api_token, no
 * login. Archived items are read-only here too.
 */
@Injectable()
export class OpenApiService {
  private readonly logger = new Logger(OpenApiService.name);

  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly pages: PageClient,
    private readonly items: ItemRepository,
    private readonly members: MemberRepository,
  ) {}

  /** `item.open.authorize` (the import service's CI re-sync): the live item a key pair opens, item_id 0 when none. */
  async authorize(dto: AuthorizeApiKeyDto): Promise<AuthorizedItem> {
    const item = await this.apiKeys.authorize(dto.api_key, dto.api_token);
    return item ? { item_id: item.item_id, archived: item.is_archived === 1, uid: item.uid, username: item.username } : { item_id: 0, archived: false, uid: 0, username: '' };
  }

  /** `item.import.audience`: the live item's owner and members (a re-sync's notice goes to them). */
  async audience(dto: ItemAudienceDto): Promise<{ uids: number[] }> {
    const item = await this.items.findLive(dto.item_id);
    if (!item) return { uids: [] };
    const members = await this.members.listByItem(item.item_id);
    return { uids: [...new Set([item.uid, ...members.map((member) => member.uid)])] };
  }

  /** `item/updateByApi` = `open/updateItem` = `open/updatePage`: one page by title under a catalog path. */
  async updatePage(caller: Caller, dto: OpenUpdatePageDto): Promise<PageRow> {
    const item = await this.apiKeys.authorize(dto.api_key, dto.api_token);
    if (!item) throw new AppError(ErrorCode.ApiKeyMismatch, 'api_key_mismatch');
    if (item.is_archived === 1) throw AppError.failed('item_archived_read_only');
    if (dto.page_title.trim() === '') throw AppError.failed('param_required', { name: 'page_title' });
    if (dto.page_content === '') throw AppError.failed('param_required', { name: 'page_content' });
    const catName = [dto.cat_name, dto.cat_name_sub].filter((part) => part !== '').join('/');
    return this.upsert(caller, item, { page_title: dto.page_title, page_content: dto.page_content, cat_name: catName, s_number: sortNumber(dto.s_number) });
  }

  /** `open/updateDbItem`: a database dictionary, answered in plain text as ShowDoc's script expects. */
  async updateDbItem(caller: Caller, dto: OpenUpdateDbItemDto): Promise<Reply<never>> {
    const item = await this.apiKeys.authorize(dto.api_key, dto.api_token);
    if (!item) return text('api_key或者api_token不匹配\n');
    const pages = dbDictionaryPages(dto.table_info, dto.table_detail, dto.cat_name, sortNumber(dto.s_number));
    return text((await this.upsertAll(caller, item, pages)) ? '成功\n' : '失败\n');
  }

  /** `open/fromComments`: API pages from `/** … *\/` comments, answered in plain text. */
  async fromComments(caller: Caller, dto: OpenFromCommentsDto): Promise<Reply<never>> {
    const item = await this.apiKeys.authorize(dto.api_key, dto.api_token);
    if (!item) return text('\napi_key或者api_token不匹配\n\n');
    return text((await this.upsertAll(caller, item, commentDocPages(dto.content))) ? '\n 成功 \n\n ' : '失败');
  }

  private async upsertAll(caller: Caller, item: ItemEntity, pages: GeneratedPage[]): Promise<boolean> {
    if (item.is_archived === 1 || pages.length === 0 || pages.length > MAX_GENERATED_PAGES) return false;
    try {
      for (const page of pages) await this.upsert(caller, item, page);
      return true;
    } catch (error) {
      this.logger.warn(`open API write to item ${item.item_id} failed: ${error instanceof AppError ? error.key : String(error)}`);
      return false;
    }
  }

  private upsert(caller: Caller, item: ItemEntity, page: GeneratedPage): Promise<PageRow> {
    return this.pages.upsertByTitle(caller, {
      item_id: item.item_id,
      cat_name: page.cat_name,
      page_title: page.page_title,
      page_content: page.page_content,
      s_number: page.s_number || 99,
      author_username: OPEN_API_AUTHOR,
    });
  }
}
