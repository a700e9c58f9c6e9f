import { Badge, Button, Caption1, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatDateTime } from '../../../lib/format';
import { useWebhookDeliveries, type WebhookRow } from '../api/webhooks';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  title: { wordBreak: 'break-all' },
  paging: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { wordBreak: 'break-word' },
});

/** A hook's delivery log: every attempt, newest first (event, time, attempt, the receiver's status or the error, time taken). */
export function WebhookDeliveries({ hook, onClose }: { hook: WebhookRow; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useWebhookDeliveries(hook.webhook_id, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  return (
    <section className={styles.root} aria-label={t('Deliveries')} data-testid="webhook-delivery-log">
      <div className={styles.head}>
        <Subtitle2 className={styles.title}>
          {t('Deliveries')} · {hook.url}
        </Subtitle2>
        <Button appearance="subtle" icon={<DismissRegular />} onClick={onClose} aria-label={t('Close')} />
      </div>
      {isLoading || !data ? (
        <Spinner size="small" />
      ) : (
        <>
          <ResponsiveTable
            columns={[t('Event'), t('Time'), t('Attempt'), t('Result'), t('Duration'), '']}
            rows={data.list.map((row, index) => ({ ...row, key: (page - 1) * data.per_page + index }))}
            rowKey={(row) => row.key}
            label={t('Deliveries')}
            testId="webhook-delivery-table"
            empty={t('Nothing delivered yet.')}
            cells={(row) => [
              <code key="event">{row.event}</code>,
              formatDateTime(row.time),
              row.attempt,
              <span key="result" className={styles.error}>
                <Badge color={row.ok ? 'success' : 'danger'} appearance="tint">
                  {row.status > 0 ? row.status : t('No answer')}
                </Badge>{' '}
                {row.status > 0 ? '' : row.error}
              </span>,
              t('{{ms}} ms', { ms: row.duration_ms }),
              null,
            ]}
          />
          {data.total > data.per_page && (
            <div className={styles.paging}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('Newer')}
              </Button>
              <Caption1 className={styles.muted}>{t('Page {{page}} of {{pages}}', { page, pages })}</Caption1>
              <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('Older')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
