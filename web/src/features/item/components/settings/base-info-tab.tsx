import { Button, Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../../lib/alert';
import { showSuccess } from '../../../../lib/toast';
import { ApiError, ErrorCode } from '../../../../lib/api-client';
import { decodeEntities } from '../../../../lib/decode-entities';
import type { ItemRow } from '../../api/get-item-detail';
import { updateItem } from '../../api/update-item';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

const DOMAIN_PATTERN = /^[A-Za-z0-9]*$/;

/** SPEC §2 item settings, base info: name, description, personalized domain, visit password (empty = public). */
export function BaseInfoTab({ item }: { item: ItemRow }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [name, setName] = useState(decodeEntities(item.item_name));
  const [description, setDescription] = useState(decodeEntities(item.item_description));
  const [domain, setDomain] = useState(item.item_domain ?? '');
  const [password, setPassword] = useState(item.password ?? '');
  const [domainError, setDomainError] = useState('');

  const submit = async () => {
    const trimmedDomain = domain.trim();
    setDomainError('');
    if (!name.trim()) return void (await showAlert(t('Please enter the item name')));
    if (!DOMAIN_PATTERN.test(trimmedDomain)) {
      setDomainError(t('Personalized domain names can only be a combination of letters or numbers'));
      return;
    }
    try {
      await updateItem({ item_id: item.item_id, item_name: name.trim(), item_description: description, item_domain: trimmedDomain, password });
      showSuccess(t('Saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.DomainTaken) setDomainError(t('Personal domain name already exists'));
      else if (error.code === ErrorCode.DomainInvalid) setDomainError(t('Personalized domain names can only be a combination of letters or numbers'));
      else if (!error.network) await showAlert(error.message);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label={t('Item name')} required>
        <Input name="item_name" value={name} onChange={(_, data) => setName(data.value)} />
      </Field>
      <Field label={t('Description')}>
        <Textarea name="item_description" value={description} onChange={(_, data) => setDescription(data.value)} resize="vertical" />
      </Field>
      <Field
        label={t('Personalized domain (optional)')}
        validationState={domainError ? 'error' : 'none'}
        validationMessage={domainError || undefined}
        hint={domainError ? undefined : t('Letters or digits; the item is then reachable at /your-domain')}
      >
        <Input name="item_domain" value={domain} onChange={(_, data) => setDomain(data.value)} />
      </Field>
      <Field label={t('Visit password')} hint={t('Leave empty for an open item; with a password the item is private.')}>
        <Input name="password" type="password" value={password} autoComplete="new-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" type="submit">
          {t('Save')}
        </Button>
      </div>
    </form>
  );
}
