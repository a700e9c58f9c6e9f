import { Injectable } from '@nestjs/common';
import {
  AppError,
  type Caller,
  type DeleteTemplateDto,
  ErrorCode,
  escapeHtml,
  formatTime,
  type MyTemplateEntry,
  nowSeconds,
  type SaveTemplateDto,
  type TemplateListEntry,
  type TemplateRow,
} from '@quire/proto';
import { requireLogin } from '../access/item-access.service';
import type { TemplateEntity } from './template.entity';
import { TemplateRepository } from './template.repository';

/** Personal templates (contract §9.9): each user sees and deletes only their own. */
@Injectable()
export class TemplateService {
  constructor(private readonly templates: TemplateRepository) {}

  /** Content returned raw (the contract's decoded form) for the editor to insert; titles escaped. */
  async list(caller: Caller): Promise<TemplateListEntry[]> {
    requireLogin(caller);
    const templates = await this.templates.ofUser(caller.uid);
    return templates.map((template) => ({ ...toTemplateRow(template), addtime: formatTime(template.addtime) }));
  }

  /** ShowDoc 3.9's `template/getMyList`: the same list with its sharing fields (Quire does not share templates with items). */
  async myList(caller: Caller): Promise<MyTemplateEntry[]> {
    return (await this.list(caller)).map((template) => ({ ...template, share_item: [], share_item_count: 0 }));
  }

  async save(caller: Caller, dto: SaveTemplateDto): Promise<TemplateRow> {
    requireLogin(caller);
    // ShowDoc 3.x refuses a template without a title (10101 `模板标题不能为空`).
    if (dto.template_title.trim() === '') throw AppError.failed('template_title_required');
    const template = await this.templates.create({
      uid: caller.uid,
      username: caller.username,
      template_title: dto.template_title,
      template_content: dto.template_content,
      addtime: nowSeconds(),
    });
    return toTemplateRow(template);
  }

  async delete(caller: Caller, dto: DeleteTemplateDto): Promise<1> {
    requireLogin(caller);
    if ((await this.templates.deleteOwn(caller.uid, dto.id)) === 0) throw new AppError(ErrorCode.NoPermission, 'template_not_found');
    return 1;
  }
}

function toTemplateRow(template: TemplateEntity): TemplateRow {
  return {
    id: template.id,
    uid: template.uid,
    username: escapeHtml(template.username),
    template_title: escapeHtml(template.template_title),
    template_content: template.template_content,
    addtime: template.addtime,
  };
}
