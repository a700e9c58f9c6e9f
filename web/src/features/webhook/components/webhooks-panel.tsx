import { Badge, Button, Card, Input, MessageBar, MessageBarBody, MessageBarTitle, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowClockwiseRegular, CopyRegular, DeleteRegular, EditRegular, HistoryRegular, SendRegular } from '@fluentui/react-icons';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showSuccess } from '../../../lib/toast';
import { createWebhook, deleteWebhook, regenerateWebhookSecret, testWebhook, updateWebhook, useWebhooks, type WebhookDeliveryRow, type WebhookInput, type WebhookRow } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';
import { EVENT_GROUPS, eventLabel, groupLabel } from '../events';
import { WebhookDialog } from './webhook-dialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  card: { padding: tokens.spacingHorizontalXL },
  head: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, flex: '1 1 260px' },
  secretRow: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginTop: tokens.spacingVerticalXS },
  mono: { fontFamily: tokens.fontFamilyMonospace, flexGrow: 1, minWidth: '180px' },
  url: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
  refused: { margin: 0 },
});

type Editing = { kind: 'new' } | { kind: 'edit'; hook: WebhookRow };

/**
 * Issue 20: the webhooks of an item (its settings, the owner) or of the whole site (`itemId` 0, the admin console):
 * list, make (the secret shown once, with a copy button), edit, turn off, new secret, delete, send a test, and each
 * hook's delivery log.
 */
export function WebhooksPanel({ itemId }: { itemId: number }) {
  const styles = useStyles();
  // The site's screen stands alone in the console; an item's sits in the settings' panel already.
  if (itemId > 0) return <Webhooks itemId={itemId} />;
  return (
    <Card className={styles.card}>
      <Webhooks itemId={itemId} />
    </Card>
  );
}

function Webhooks({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: hooks, isLoading, ...query } = useWebhooks(itemId);
  const error: unknown = query.error;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialogError, setDialogError] = useState('');
  const [secret, setSecret] = useState<{ webhookId: number; value: string } | null>(null);
  const [tested, setTested] = useState<{ hook: WebhookRow; result: WebhookDeliveryRow } | null>(null);
  const [logOf, setLogOf] = useState<WebhookRow | null>(null);

  const close = () => {
    setEditing(null);
    setDialogError('');
  };
  const submit = async (input: WebhookInput) => {
    try {
      if (editing?.kind === 'edit') {
        await updateWebhook(itemId, editing.hook.webhook_id, input);
        showSuccess(t('Webhook saved'));
      } else {
        const made = await createWebhook(itemId, input);
        setSecret({ webhookId: made.webhook_id, value: made.secret });
        showSuccess(t('Webhook added'));
      }
      close();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setDialogError(failure.message);
    }
  };
  const remove = async (hook: WebhookRow) => {
    if (!(await confirmAction(t('Delete the webhook to {{url}}? Its delivery log goes with it.', { url: hook.url })))) return;
    await deleteWebhook(itemId, hook.webhook_id);
    if (logOf?.webhook_id === hook.webhook_id) setLogOf(null);
    showSuccess(t('Webhook deleted'));
  };
  const renew = async (hook: WebhookRow) => {
    if (!(await confirmAction(t('Make a new secret for {{url}}? The receiver must check signatures with the new one from now on.', { url: hook.url })))) return;
    const made = await regenerateWebhookSecret(hook.webhook_id);
    setSecret({ webhookId: made.webhook_id, value: made.secret });
  };
  const test = async (hook: WebhookRow) => setTested({ hook, result: await testWebhook(itemId, hook.webhook_id) });

  const eventsOf = (hook: WebhookRow) => {
    if (hook.events.length === 0) return t('Every event');
    return EVENT_GROUPS.flatMap((group) => {
      const chosen = group.events.filter((event) => hook.events.includes(event));
      return chosen.length === 0 ? [] : [`${groupLabel(t, group.group)}: ${chosen.map((event) => eventLabel(t, event)).join(', ')}`];
    }).join('; ');
  };
  const lastOf = (hook: WebhookRow) =>
    hook.last_delivery_time === 0 ? (
      t('None yet')
    ) : (
      <>
        <Badge color={hook.last_ok ? 'success' : 'danger'} appearance="tint">
          {hook.last_status > 0 ? hook.last_status : t('No answer')}
        </Badge>{' '}
        {formatDateTime(hook.last_delivery_time)}
      </>
    );

  if (isLoading) return <Spinner label={t('Loading…')} />;
  if (error) {
    return (
      <p className={styles.refused} role="alert" data-testid="webhooks-refused">
        {error instanceof Error ? error.message : t('Something went wrong')}
      </p>
    );
  }
  return (
    <section className={styles.root} data-testid="webhooks">
      <div className={styles.head}>
        <p className={styles.hint}>
          {itemId === 0
            ? t('Site-wide webhooks receive the events of every item: pages, catalogs, items, members and comments.')
            : t('Webhooks tell other tools what happens in this item: Quire POSTs each event as JSON, signed with the webhook’s secret (X-Quire-Signature).')}
        </p>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ kind: 'new' })} data-testid="webhook-add">
          {t('Add webhook')}
        </Button>
      </div>
      {secret && (
        <MessageBar intent="success" layout="multiline" data-testid="webhook-secret">
          <MessageBarBody>
            <MessageBarTitle>{t('Copy this secret now: it will not be shown again.')}</MessageBarTitle>
            <div className={styles.secretRow}>
              <Input className={styles.mono} value={secret.value} readOnly aria-label={t('Secret')} data-testid="webhook-secret-value" onFocus={(event) => event.target.select()} />
              <Button
                icon={<CopyRegular />}
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(secret.value)
                    .then(() => showSuccess(t('Secret copied')))
                    .catch(() => undefined)
                }
              >
                {t('Copy secret')}
              </Button>
              <Button appearance="subtle" onClick={() => setSecret(null)}>
                {t('Done')}
              </Button>
            </div>
          </MessageBarBody>
        </MessageBar>
      )}
      {tested && (
        <MessageBar intent={tested.result.ok ? 'success' : 'error'} layout="multiline" data-testid="webhook-test-result">
          <MessageBarBody>
            <MessageBarTitle>{tested.result.ok ? t('Test delivered') : t('Test failed')}</MessageBarTitle>
            {tested.hook.url}: {tested.result.status > 0 ? t('HTTP {{status}} in {{ms}} ms', { status: tested.result.status, ms: tested.result.duration_ms }) : tested.result.error}
          </MessageBarBody>
        </MessageBar>
      )}
      <ResponsiveTable
        columns={[t('Payload URL'), t('Events'), t('State'), t('Last delivery'), '']}
        rows={hooks ?? []}
        rowKey={(hook) => hook.webhook_id}
        label={t('Webhooks')}
        testId="webhook-table"
        empty={t('No webhooks yet.')}
        cells={(hook) => [
          <span key="url" className={styles.url}>
            {hook.url}
          </span>,
          eventsOf(hook),
          hook.enabled ? (
            <Badge key="state" color="success" appearance="outline">
              {t('Active')}
            </Badge>
          ) : (
            <Badge key="state" color="subtle" appearance="outline">
              {t('Off')}
            </Badge>
          ),
          lastOf(hook),
          <Fragment key="actions">
            <Button size="small" icon={<SendRegular />} onClick={() => void test(hook)} data-testid="webhook-test">
              {t('Send test')}
            </Button>
            <Button size="small" icon={<HistoryRegular />} onClick={() => setLogOf(hook)} data-testid="webhook-deliveries">
              {t('Deliveries')}
            </Button>
            <Button size="small" icon={<EditRegular />} onClick={() => setEditing({ kind: 'edit', hook })} aria-label={t('Edit')} data-testid="webhook-edit" />
            <Button size="small" icon={<ArrowClockwiseRegular />} onClick={() => void renew(hook)} aria-label={t('New secret')} title={t('New secret')} data-testid="webhook-renew" />
            <Button size="small" icon={<DeleteRegular />} onClick={() => void remove(hook)} aria-label={t('Delete')} data-testid="webhook-delete" />
          </Fragment>,
        ]}
      />
      {logOf && <WebhookDeliveries hook={logOf} onClose={() => setLogOf(null)} />}
      {editing && (
        <WebhookDialog
          title={editing.kind === 'new' ? t('Add webhook') : t('Edit webhook')}
          initial={editing.kind === 'new' ? { url: '', events: [], enabled: true } : { url: editing.hook.url, events: editing.hook.events, enabled: editing.hook.enabled === 1 }}
          error={dialogError}
          onSubmit={(input) => void submit(input)}
          onClose={close}
        />
      )}
    </section>
  );
}
