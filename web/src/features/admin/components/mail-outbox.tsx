import { Button, Caption1, Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useMailOutbox } from '../api/get-mail-outbox';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  meta: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
  text: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  note: { color: tokens.colorNeutralForeground3 },
  bar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
});

/** `adminMail/outbox`: without an SMTP server the mail (reset links, verification) is kept here for the administrator. */
export function MailOutbox() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data, isLoading, mutate } = useMailOutbox();
  if (isLoading && !data) return <Spinner />;
  return (
    <section data-testid="admin-outbox">
      <div className={styles.bar}>
        <span className={styles.note}>
          {data?.smtp ? t('Mail goes out through the SMTP server; nothing is kept here.') : t('No SMTP server is configured: mail is kept here instead of sent.')}
        </span>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void mutate()}>
          {t('Reload')}
        </Button>
      </div>
      {data && data.messages.length === 0 && <p className={styles.note}>{t('The outbox is empty.')}</p>}
      <ul className={styles.list}>
        {(data?.messages ?? []).map((message) => (
          <li key={message.id}>
            <Card className={styles.card} data-testid="outbox-message">
              <strong>{message.subject}</strong>
              <Caption1 className={styles.meta}>{t('To {{to}} at {{time}}', { to: message.to, time: message.created_at })}</Caption1>
              <pre className={styles.text}>{message.text}</pre>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
