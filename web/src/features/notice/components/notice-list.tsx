import { Badge, Button, Caption1, Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EyeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { confirmAction, showAlert } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import { deleteNotice } from '../api/delete-notice';
import { type Notice, useNotices } from '../api/get-notices';
import { setNoticeRead } from '../api/set-notice-read';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  main: { flexGrow: 1, minWidth: '200px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, wordBreak: 'break-word', '& a': { color: tokens.colorBrandForegroundLink } },
  meta: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const isUnread = (notice: Notice) => Number(notice.is_read) === 0;

/** SPEC §2 'my messages': title (sanitized HTML), unread badge, sender, time, view (marks read), delete. */
export function NoticeList() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data, isLoading, error } = useNotices('all');

  const view = async (notice: Notice) => {
    await showAlert(sanitizeHtml(notice.notice_content), { title: sanitizeHtml(notice.notice_title).replace(/<[^>]*>/g, ''), html: true });
    if (isUnread(notice)) await setNoticeRead(notice.notice_id).catch(() => undefined);
  };
  const remove = async (notice: Notice) => {
    if (!(await confirmAction(t('Delete this message?')))) return;
    try {
      await deleteNotice(notice.notice_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  if (isLoading && !data) return <Spinner />;
  if (!data || data.length === 0) return <div className={styles.empty}>{error ? t('The messages could not be loaded.') : t('No messages')}</div>;
  return (
    <ul className={styles.list} data-testid="notice-list">
      {data.map((notice) => (
        <li key={notice.notice_id}>
          <Card className={styles.card} data-testid="notice-row">
            <div className={styles.main}>
              <div className={styles.title}>
                {isUnread(notice) && (
                  <Badge color="danger" size="small" data-testid="notice-unread">
                    {t('Unread')}
                  </Badge>
                )}
                {/* Notice titles are HTML from the server (SPEC §2), sanitized before rendering. */}
                <span data-testid="notice-title" dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.notice_title) }} />
              </div>
              <Caption1 className={styles.meta}>
                {notice.from_name} · {notice.notice_time}
              </Caption1>
            </div>
            <div className={styles.actions}>
              <Button icon={<EyeRegular />} onClick={() => void view(notice)}>
                {t('View')}
              </Button>
              <Button icon={<DeleteRegular />} onClick={() => void remove(notice)} aria-label={t('Delete')}>
                {t('Delete')}
              </Button>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
