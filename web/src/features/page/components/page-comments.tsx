import { Button, Caption1, Spinner, Subtitle2, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { CommentRegular, DeleteRegular, SendRegular } from '@fluentui/react-icons';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownViewer } from '../../../components/ui/markdown-viewer';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { formatDateTime } from '../../../lib/format';
import { formatRelativeTime } from '../../../lib/relative-time';
import { showSuccess } from '../../../lib/toast';
import { addComment } from '../api/add-comment';
import { deleteComment } from '../api/delete-comment';
import { type CommentRow, useComments } from '../api/get-comments';

/** As the server checks it (proto COMMENT_MAX_LENGTH). */
const MAX_LENGTH = 2000;

const useStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalXXL,
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
  },
  heading: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, margin: 0 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  comment: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
    minWidth: 0,
  },
  meta: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  author: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-word' },
  time: { color: tokens.colorNeutralForeground3 },
  remove: { marginLeft: 'auto' },
  body: { overflowWrap: 'anywhere', '& .markdown-body': { backgroundColor: 'transparent' } },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  formRow: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  state: { color: tokens.colorNeutralForeground3, padding: `${tokens.spacingVerticalS} 0` },
});

/** The comments under a page: count, newest first with author, time and rendered Markdown, a box to add one. */
export function PageComments({ pageId }: { pageId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const headingId = useId();
  const inputId = useId();
  const { data, error, isLoading, mutate } = useComments(pageId);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);

  const send = async () => {
    const content = draft.trim();
    if (!content || sending) return;
    setSending(true);
    try {
      await addComment(pageId, content);
      setDraft('');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    } finally {
      setSending(false);
    }
  };
  const remove = async (comment: CommentRow) => {
    if (!(await confirmAction(t('Delete this comment?')))) return;
    try {
      await deleteComment(comment.comment_id, pageId);
      showSuccess(t('Deleted successfully'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  const total = data?.total ?? 0;
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="page-comments">
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        <CommentRegular aria-hidden />
        <span data-testid="comment-count">{data ? t('Comments ({{count}})', { count: total }) : t('Comments')}</span>
      </Subtitle2>
      {isLoading && !data ? (
        <Spinner size="small" label={t('Loading…')} />
      ) : error && !data ? (
        <div className={styles.state} role="status">
          {t('The comments could not be loaded.')}{' '}
          <Button appearance="transparent" size="small" onClick={() => void mutate()}>
            {t('Retry')}
          </Button>
        </div>
      ) : total === 0 ? (
        <div className={styles.state} data-testid="comments-empty">
          {t('No comments yet')}
        </div>
      ) : (
        <ul className={styles.list} data-testid="comment-list">
          {data?.comments.map((comment) => (
            <li key={comment.comment_id} className={styles.comment} data-testid="comment">
              <div className={styles.meta}>
                <span className={styles.author} data-testid="comment-author">
                  {decodeEntities(comment.username)}
                </span>
                <Caption1 className={styles.time}>
                  <time dateTime={new Date(comment.addtime * 1000).toISOString()} title={formatDateTime(comment.addtime)}>
                    {formatRelativeTime(comment.addtime, i18n.language)}
                  </time>
                </Caption1>
                {comment.can_delete && (
                  <Button
                    className={styles.remove}
                    appearance="subtle"
                    size="small"
                    icon={<DeleteRegular />}
                    aria-label={t('Delete comment by {{author}}', { author: decodeEntities(comment.username) })}
                    title={t('Delete')}
                    onClick={() => void remove(comment)}
                    data-testid="comment-delete"
                  />
                )}
              </div>
              <div className={styles.body} data-testid="comment-body">
                <MarkdownViewer content={comment.content} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {data?.can_comment && (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <label htmlFor={inputId} className={styles.hint}>
            {t('Add a comment (Markdown)')}
          </label>
          <Textarea
            id={inputId}
            value={draft}
            onChange={(_, value) => setDraft(value.value.slice(0, MAX_LENGTH))}
            onKeyDown={onKeyDown}
            resize="vertical"
            rows={3}
            maxLength={MAX_LENGTH}
            data-testid="comment-input"
          />
          <div className={styles.formRow}>
            <Caption1 className={styles.hint}>{t('Ctrl+Enter to send')}</Caption1>
            <Button type="submit" appearance="primary" icon={<SendRegular />} disabled={!draft.trim() || sending} data-testid="comment-send">
              {t('Comment')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
