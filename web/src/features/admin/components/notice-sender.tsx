import { Button, Card, Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { SendRegular } from '@fluentui/react-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { sendNotice } from '../api/send-notice';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '720px' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** `adminNotice/send`: an announcement that lands in every user's messages (HTML allowed, sanitized by the server). */
export function NoticeSender() {
  const { t } = useTranslation();
  const styles = useStyles();
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await sendNotice({ title: title.trim(), content });
      setTitle('');
      setContent('');
      showSuccess(t('The announcement was sent to every user.'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Card className={styles.card} data-testid="admin-notice">
        <Field label={t('Title')} required>
          <Input name="notice_title" value={title} maxLength={255} onChange={(_, data) => setTitle(data.value)} />
        </Field>
        <Field label={t('Content')} required hint={t('HTML is allowed; scripts are removed.')}>
          <Textarea name="notice_content" rows={8} resize="vertical" value={content} onChange={(_, data) => setContent(data.value)} />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit" icon={<SendRegular />}>
            {t('Send to every user')}
          </Button>
        </div>
      </Card>
    </form>
  );
}
