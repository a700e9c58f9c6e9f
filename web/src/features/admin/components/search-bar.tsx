import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalM },
  field: { minWidth: '160px', flexGrow: 1, maxWidth: '260px' },
  end: { marginLeft: 'auto' },
});

/** Search fields of a console list; the search runs on submit. `extra` goes at the end (an add button). */
export function SearchBar(props: { fields: { name: string; label: string }[]; onSearch: (values: Record<string, string>) => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(Object.fromEntries(props.fields.map((field) => [field.name, (values[field.name] ?? '').trim()])));
  };
  return (
    <form className={styles.root} onSubmit={submit} noValidate role="search">
      {props.fields.map((field) => (
        <Field key={field.name} className={styles.field} label={field.label}>
          <Input name={field.name} value={values[field.name] ?? ''} onChange={(_, data) => setValues((current) => ({ ...current, [field.name]: data.value }))} />
        </Field>
      ))}
      <Button type="submit" icon={<SearchRegular />}>
        {t('Search')}
      </Button>
      {props.extra && <div className={styles.end}>{props.extra}</div>}
    </form>
  );
}
