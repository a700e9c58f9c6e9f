import { Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { saveCatalog } from '../api/save-catalog';
import { type CatalogTableRow, parentOptions } from './catalog-rows';

const useStyles = makeStyles({
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface CatalogDialogProps {
  itemId: number;
  rows: CatalogTableRow[];
  /** The catalog being edited; absent for a new one. */
  editing?: CatalogTableRow;
  onClose: () => void;
}

/** SPEC §2 catalog dialog: name, parent ('none' = top level, 'parent / child' labels), sort number. */
export function CatalogDialog({ itemId, rows, editing, onClose }: CatalogDialogProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [name, setName] = useState(editing?.name ?? '');
  const [parent, setParent] = useState(String(editing?.catalog.parent_cat_id ?? 0));
  const [sortNumber, setSortNumber] = useState(String(editing?.catalog.s_number ?? 99));
  const [error, setError] = useState('');
  const options = parentOptions(rows, editing?.catalog.cat_id ?? 0);

  const submit = async () => {
    setError('');
    try {
      await saveCatalog({
        item_id: itemId,
        cat_id: editing?.catalog.cat_id ?? 0,
        parent_cat_id: Number(parent) || 0,
        cat_name: name.trim(),
        s_number: Number(sortNumber) || 99,
      });
      onClose();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    }
  };

  return (
    <FormDialog open title={editing ? t('Edit catalog') : t('New catalog')} onClose={onClose} onSubmit={() => void submit()}>
      <Field label={t('Catalog name')} required>
        <Input name="cat_name" value={name} onChange={(_, data) => setName(data.value)} autoFocus />
      </Field>
      <Field label={t('Parent catalog')}>
        <Select name="parent_cat_id" value={parent} onChange={(_, data) => setParent(data.value)}>
          <option value="0">{t('None (top level)')}</option>
          {options.map((row) => (
            <option key={row.catalog.cat_id} value={String(row.catalog.cat_id)}>
              {row.path}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('Sort number')} hint={t('Smaller numbers come first (default 99)')}>
        <Input name="s_number" type="number" value={sortNumber} onChange={(_, data) => setSortNumber(data.value)} />
      </Field>
      {error && (
        <Text className={styles.error} role="alert" data-testid="catalog-error">
          {error}
        </Text>
      )}
    </FormDialog>
  );
}
