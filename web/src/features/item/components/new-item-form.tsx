import { Button, Card, Field, Input, Radio, RadioGroup, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../lib/alert';
import { ApiError, ErrorCode } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { type AddItemInput, addItem } from '../api/add-item';
import type { ItemListEntry } from '../api/get-my-items';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

const DOMAIN_PATTERN = /^[A-Za-z0-9]*$/;

/** SPEC §2 new item; §5 validation: private needs a password, the domain is letters or digits. */
export function NewItemForm(props: { copyable: ItemListEntry[]; onCreated: (itemId: number) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [itemType, setItemType] = useState<'1' | '2'>('1');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<'open' | 'private'>('open');
  const [password, setPassword] = useState('');
  const [copyFrom, setCopyFrom] = useState('0');
  const [domain, setDomain] = useState('');
  const [domainError, setDomainError] = useState('');

  const submit = async () => {
    const trimmedDomain = domain.trim();
    setDomainError('');
    if (!name.trim() && copyFrom === '0') return void (await showAlert(t('Please enter the item name')));
    if (visibility === 'private' && !password) return void (await showAlert(t('Please set a password for private item')));
    if (!DOMAIN_PATTERN.test(trimmedDomain)) {
      setDomainError(t('Personalized domain names can only be a combination of letters or numbers'));
      return;
    }
    const input: AddItemInput = {
      item_type: itemType === '2' ? 2 : 1,
      item_name: name.trim(),
      item_description: description.trim(),
      password: visibility === 'private' ? password : '',
      item_domain: trimmedDomain,
      copy_item_id: Number(copyFrom),
    };
    try {
      const added = await addItem(input);
      props.onCreated(added?.item_id ?? 0);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === ErrorCode.DomainTaken) setDomainError(t('Personal domain name already exists'));
      else if (error.code === ErrorCode.DomainInvalid) setDomainError(t('Personalized domain names can only be a combination of letters or numbers'));
      else if (!error.network) await showAlert(error.message);
    }
  };

  return (
    <Card className={styles.card}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Field label={t('Item type')}>
          <RadioGroup layout="horizontal" value={itemType} onChange={(_, data) => setItemType(data.value as '1' | '2')}>
            <Radio value="1" label={t('Regular item')} />
            <Radio value="2" label={t('Single-page item')} />
          </RadioGroup>
        </Field>
        <Field label={t('Item name')} required>
          <Input name="item_name" value={name} onChange={(_, data) => setName(data.value)} />
        </Field>
        <Field label={t('Description')}>
          <Textarea name="item_description" value={description} onChange={(_, data) => setDescription(data.value)} resize="vertical" />
        </Field>
        <Field label={t('Visibility')}>
          <RadioGroup layout="horizontal" value={visibility} onChange={(_, data) => setVisibility(data.value as 'open' | 'private')}>
            <Radio value="open" label={t('Open item')} />
            <Radio value="private" label={t('Private item')} />
          </RadioGroup>
        </Field>
        {visibility === 'private' && (
          <Field label={t('Visit password')} required hint={t('Visitors need this password to read the item')}>
            <Input name="password" type="password" value={password} autoComplete="new-password" onChange={(_, data) => setPassword(data.value)} />
          </Field>
        )}
        <Field label={t('Copy from an existing item (optional)')}>
          <Select name="copy_item_id" value={copyFrom} onChange={(_, data) => setCopyFrom(data.value)}>
            <option value="0">{t('Do not copy')}</option>
            {props.copyable.map((item) => (
              <option key={item.item_id} value={String(item.item_id)}>
                {decodeEntities(item.item_name)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('Personalized domain (optional)')}
          validationState={domainError ? 'error' : 'none'}
          validationMessage={domainError || undefined}
          hint={domainError ? undefined : t('Letters or digits; the item is then reachable at /your-domain')}
        >
          <Input name="item_domain" value={domain} onChange={(_, data) => setDomain(data.value)} />
        </Field>
        <div className={styles.actions}>
          <Button onClick={props.onCancel}>{t('Cancel')}</Button>
          <Button appearance="primary" type="submit">
            {t('Create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
