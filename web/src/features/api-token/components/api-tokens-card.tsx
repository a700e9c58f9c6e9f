import { Badge, Button, Card, Field, Input, Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular, DeleteRegular, KeyRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { showSuccess } from '../../../lib/toast';
import { createToken, revokeToken, type TokenRow, type TokenScope, useTokens } from '../api/tokens';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXL },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '160px' },
  secret: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteGreenBackground1,
  },
  mono: { fontFamily: tokens.fontFamilyMonospace, flexGrow: 1, minWidth: '160px' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const EXPIRY_DAYS = [7, 30, 90, 365, 0];

/** Issue 21, in personal settings: make a token (shown once), list tokens with scope, last use and expiry, revoke. */
export function ApiTokensCard() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: rows, isLoading } = useTokens();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState(30);
  const [made, setMade] = useState('');
  const [failure, setFailure] = useState('');

  const create = async () => {
    setFailure('');
    try {
      const created = await createToken({ name: name.trim(), scope, expire_days: days });
      setMade(created.token);
      setName('');
      showSuccess(t('Token made'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(error.message);
    }
  };

  const revoke = async (row: TokenRow) => {
    if (!(await confirmAction(t('Revoke the token “{{name}}”? Scripts that use it stop working at once.', { name: row.name })))) return;
    await revokeToken(row.id);
    showSuccess(t('Token revoked'));
  };

  const expiry = (row: TokenRow) => {
    if (row.expired) return <Badge color="danger">{t('Expired')}</Badge>;
    return row.expire_time === 0 ? t('Never') : formatDate(row.expire_time);
  };

  return (
    <Card className={styles.card} data-testid="api-tokens">
      <h2 className={styles.heading}>{t('API tokens')}</h2>
      <p className={styles.hint}>{t('API tokens let scripts and AI assistants (through the MCP server at /mcp) call Quire as you, sent as the header Authorization: Bearer <token>.')}</p>
      <div className={styles.row}>
        <Field className={styles.grow} label={t('Token name')}>
          <Input value={name} maxLength={60} onChange={(_, data) => setName(data.value)} data-testid="token-name" />
        </Field>
        <Field label={t('Scope')}>
          <Select value={scope} onChange={(_, data) => setScope(data.value as TokenScope)} data-testid="token-scope">
            <option value="read">{t('Read only')}</option>
            <option value="write">{t('Read and write')}</option>
          </Select>
        </Field>
        <Field label={t('Expires')}>
          <Select value={String(days)} onChange={(_, data) => setDays(Number(data.value))} data-testid="token-expiry">
            {EXPIRY_DAYS.map((count) => (
              <option key={count} value={count}>
                {count === 0 ? t('Never') : t('In {{count}} days', { count })}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" icon={<KeyRegular />} onClick={() => void create()} data-testid="token-create">
          {t('Make a token')}
        </Button>
      </div>
      {failure && (
        <span className={styles.error} role="alert">
          {failure}
        </span>
      )}
      {made && (
        <div className={styles.secret} data-testid="token-made">
          <span>{t('Copy this token now: it will not be shown again.')}</span>
          <div className={styles.row}>
            <Input className={styles.mono} value={made} readOnly aria-label={t('Token')} data-testid="token-value" onFocus={(event) => event.target.select()} />
            <Button icon={<CopyRegular />} onClick={() => void navigator.clipboard?.writeText(made).catch(() => undefined)}>
              {t('Copy token')}
            </Button>
          </div>
        </div>
      )}
      {isLoading ? (
        <Spinner />
      ) : (
        <ResponsiveTable
          columns={[t('Token name'), t('Token'), t('Scope'), t('Last used'), t('Expires'), '']}
          rows={rows ?? []}
          rowKey={(row) => row.id}
          label={t('API tokens')}
          testId="token-table"
          empty={t('No API tokens yet.')}
          cells={(row) => [
            row.name,
            <code key="prefix">{row.prefix}…</code>,
            row.scope === 'write' ? t('Read and write') : t('Read only'),
            row.last_used_time ? formatDateTime(row.last_used_time) : t('Never used'),
            expiry(row),
            <Button key="revoke" size="small" icon={<DeleteRegular />} onClick={() => void revoke(row)} data-testid="token-revoke">
              {t('Revoke')}
            </Button>,
          ]}
        />
      )}
    </Card>
  );
}
