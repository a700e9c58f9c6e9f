import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChangeFeed, QUIRE_CONFIG, TransportClient } from '@quire/platform';
import type { QuireConfig } from '@quire/config';
import {
  ACTIVITY_TOPIC,
  activityOf,
  type AddCommentDto,
  type AddedComment,
  AppError,
  type Caller,
  type ChangeTopics,
  type CommentList,
  type CommentRow,
  type DeleteCommentDto,
  ErrorCode,
  escapeHtml,
  formatTime,
  type ItemAccess,
  type ListCommentsDto,
  nowSeconds,
  type QuireContracts,
  Subject,
  translate,
} from '@quire/proto';
import { ItemAccessService, requireLogin } from '../../access/item-access.service';
import type { PageEntity } from '../page.entity';
import { PageRepository } from '../page.repository';
import type { CommentEntity } from './comment.entity';
import { CommentRepository } from './comment.repository';

/** How much of a comment its notice quotes. */
const NOTICE_QUOTE_LENGTH = 200;

/**
 * Page comments (ShowDoc 3.x `pageComment/*`): whoever may read the item reads them; logged-in readers
 * add them while the item is not archived; the author or the item's owner deletes one. The item's owner
 * and members hear of each new comment (a notice; a notice service that does not answer never fails it).
 */
@Injectable()
export class CommentService {
  private readonly logger = new Logger(CommentService.name);

  constructor(
    private readonly comments: CommentRepository,
    private readonly pages: PageRepository,
    private readonly access: ItemAccessService,
    private readonly transport: TransportClient<QuireContracts>,
    private readonly feed: ChangeFeed<ChangeTopics>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  async add(caller: Caller, dto: AddCommentDto): Promise<AddedComment> {
    requireLogin(caller);
    const page = await this.livePage(dto.page_id);
    const access = await this.access.requireVisit(caller, page.item_id);
    if (access.archived) throw new AppError(ErrorCode.NoPermission, 'comment_item_archived');
    const comment = await this.comments.create({
      page_id: page.page_id,
      item_id: page.item_id,
      uid: caller.uid,
      username: caller.username,
      content: dto.content,
      addtime: nowSeconds(),
    });
    await Promise.all([
      this.tell(caller, page, comment),
      this.feed.publishAfterCommit(
        ACTIVITY_TOPIC,
        activityOf(caller, 'comment.create', page.item_id, { type: 'comment', id: comment.comment_id, name: page.page_title }, { page_id: page.page_id }),
      ),
    ]);
    return { comment_id: comment.comment_id };
  }

  async list(caller: Caller, dto: ListCommentsDto): Promise<CommentList> {
    const page = await this.livePage(dto.page_id);
    const access = await this.access.requireVisit(caller, page.item_id);
    const [total, rows] = await Promise.all([this.comments.countByPage(page.page_id), this.comments.listByPage(page.page_id, (dto.page - 1) * dto.count, dto.count)]);
    const loggedIn = caller?.uid > 0;
    return {
      total,
      page: dto.page,
      can_comment: loggedIn && !access.archived,
      comments: rows.map((row) => toRow(row, caller, access)),
    };
  }

  async delete(caller: Caller, dto: DeleteCommentDto): Promise<1> {
    requireLogin(caller);
    const comment = await this.comments.findById(dto.comment_id);
    if (!comment) throw AppError.failed('comment_not_found');
    const access = await this.access.check(caller, comment.item_id);
    if (access.archived) throw new AppError(ErrorCode.NoPermission, 'comment_item_archived');
    if (comment.uid !== caller.uid && !access.creator) throw new AppError(ErrorCode.NoPermission, 'comment_delete_denied');
    await this.comments.delete(comment.comment_id);
    await this.feed.publishAfterCommit(
      ACTIVITY_TOPIC,
      activityOf(caller, 'comment.delete', comment.item_id, { type: 'comment', id: comment.comment_id, name: comment.username }, { page_id: comment.page_id, author_uid: comment.uid }),
    );
    return 1;
  }

  private async livePage(pageId: number): Promise<PageEntity> {
    const page = await this.pages.findLive(pageId);
    if (!page) throw AppError.failed('page_not_found');
    return page;
  }

  /** The item's owner and members, the author aside, get a notice quoting the comment. */
  private async tell(caller: Caller, page: PageEntity, comment: CommentEntity): Promise<void> {
    try {
      const { uids } = await this.transport.send(Subject.ItemMemberAudience, { caller, params: { item_id: page.item_id } });
      const to = uids.filter((uid) => uid !== caller.uid);
      if (to.length === 0) return;
      const language = this.config.language;
      const quote = comment.content.length > NOTICE_QUOTE_LENGTH ? `${comment.content.slice(0, NOTICE_QUOTE_LENGTH)}…` : comment.content;
      const link = `<a href="/${page.item_id}?page_id=${page.page_id}">${escapeHtml(page.page_title)}</a>`;
      await this.transport.send(Subject.NoticeNoticeSend, {
        caller,
        params: {
          to_uids: to,
          to_all: false,
          from_name: caller.username.slice(0, 64),
          notice_title: translate('comment_notice_title', language, { name: caller.username, page: page.page_title }).slice(0, 255),
          notice_content: `<p>${link}</p><blockquote>${escapeHtml(quote)}</blockquote>`,
        },
      });
    } catch (error) {
      this.logger.warn(`the notice of comment ${comment.comment_id} was not delivered: ${(error as Error).message}`);
    }
  }
}

/** `can_delete`: the author or the item's owner, while the item is not archived (as `delete` decides). */
function toRow(row: CommentEntity, caller: Caller, access: ItemAccess): CommentRow {
  const own = caller?.uid > 0 && row.uid === caller.uid;
  return {
    comment_id: row.comment_id,
    parent_id: 0,
    page_id: row.page_id,
    uid: row.uid,
    username: escapeHtml(row.username),
    content: escapeHtml(row.content),
    addtime: row.addtime,
    addtime_text: formatTime(row.addtime).slice(0, 16),
    is_owner: own,
    can_delete: !access.archived && (own || (caller?.uid > 0 && access.creator)),
    replies: [],
  };
}
