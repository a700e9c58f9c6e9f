import { Checkbox, Field, Input, Label, Text, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { showSuccess } from '../../../lib/toast';
import { groupItemIds, type ItemGroupRow } from '../api/get-item-groups';
import { saveItemGroup } from '../api/save-item-group';

const useStyles = makeStyles({
  items: {
    display: 'flex',
    flexDirection: 'column',
    maxHeight: '40vh',
    overflowY: 'auto',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingVerticalXS,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** An item the form can put in a group. */
export interface GroupableItem {
  item_id: number;
  item_name: string;
}

export interface ItemGroupFormProps {
  items: GroupableItem[];
  /** The group being changed; absent for a new one. */
  editing?: ItemGroupRow;
  onClose: () => void;
}

/** A group's name and the items in it (checkboxes, in the item list's order). */
export function ItemGroupForm({ items, editing, onClose }: ItemGroupFormProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [name, setName] = useState(editing ? decodeEntities(editing.group_name) : '');
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(editing ? groupItemIds(editing) : []));
  const [error, setError] = useState('');
  const listLabel = useId('item-group-items');

  const toggle = (itemId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  const submit = async () => {
    setError('');
    if (!name.trim()) {
      setError(t('Please name the group'));
      return;
    }
    try {
      // Items I can no longer see stay in the group as they were; the list shows only those I can.
      const hidden = editing ? groupItemIds(editing).filter((id) => !items.some((item) => item.item_id === id)) : [];
      await saveItemGroup({ id: editing?.id ?? 0, group_name: name.trim(), item_ids: [...items.map((item) => item.item_id).filter((id) => chosen.has(id)), ...hidden] });
      showSuccess(editing ? t('Group saved') : t('Group created'));
      onClose();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.message);
    }
  };

  return (
    <FormDialog open title={editing ? t('Edit group') : t('New group')} onClose={onClose} onSubmit={() => void submit()}>
      <Field label={t('Group name')} required>
        <Input name="group_name" value={name} maxLength={100} onChange={(_, data) => setName(data.value)} autoFocus />
      </Field>
      {/* Not a Field: a Field gives its one id to every checkbox inside, and each label would name the first. */}
      <div className={styles.section}>
        <Label id={listLabel}>{t('Items in this group')}</Label>
        <div className={styles.items} role="group" aria-labelledby={listLabel} data-testid="item-group-items">
          {items.length === 0 && <Text className={styles.empty}>{t('You have no items yet')}</Text>}
          {items.map((item) => (
            <Checkbox key={item.item_id} label={decodeEntities(item.item_name)} checked={chosen.has(item.item_id)} onChange={(_, data) => toggle(item.item_id, data.checked === true)} />
          ))}
        </div>
      </div>
      {error && (
        <Text className={styles.error} role="alert" data-testid="item-group-error">
          {error}
        </Text>
      )}
    </FormDialog>
  );
}
