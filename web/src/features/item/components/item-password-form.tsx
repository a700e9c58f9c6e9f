import { Button, Field, Input } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaField } from '../../../components/ui/captcha-field';
import { FormCard } from '../../../components/ui/form-card';
import { ApiError, ErrorCode } from '../../../lib/api-client';
import { useCaptcha } from '../../../lib/use-captcha';
import { unlockItem } from '../api/unlock-item';

/** SPEC §2 visit password; the captcha appears after 10206 / 10308. */
export function ItemPasswordForm(props: { itemId: string; pageId: string; onUnlocked: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [vCode, setVCode] = useState('');
  const captcha = useCaptcha(false);

  const submit = async () => {
    try {
      await unlockItem({ item_id: props.itemId, page_id: props.pageId, password, v_code: vCode });
      props.onUnlocked();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.Captcha || error.code === ErrorCode.ItemPasswordCaptcha) captcha.show();
      else if (captcha.shown) captcha.refresh();
      setVCode('');
    }
  };

  return (
    <FormCard title={t('This item is private')} onSubmit={submit}>
      <Field label={t('Visit password')} required hint={t('Enter the password the item owner gave you')}>
        <Input name="password" type="password" value={password} autoComplete="off" onChange={(_, data) => setPassword(data.value)} />
      </Field>
      {captcha.shown && <CaptchaField value={vCode} onChange={setVCode} src={captcha.src} onRefresh={captcha.refresh} />}
      <Button appearance="primary" type="submit">
        {t('Open')}
      </Button>
    </FormCard>
  );
}
