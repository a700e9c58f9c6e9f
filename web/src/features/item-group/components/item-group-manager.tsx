import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { decodeEntities } from '../../../lib/decode-entities';
import { showSuccess } from '../../../lib/toast';
import { deleteItemGroup } from '../api/delete-item-group';
import { groupItemIds, type ItemGroupRow } from '../api/get-item-groups';
import { sortItemGroups } from '../api/sort-item-groups';
import { type GroupableItem, ItemGroupForm } from './item-group-form';
import { Tooltip } from '../../../components/ui/tooltip';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  name: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  question: { flex: 1, minWidth: 0 },
  count: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  empty: { color: tokens.colorNeutralForeground3 },
  actions: { justifyContent: 'space-between' },
});

export interface ItemGroupManagerProps {
  open: boolean;
  groups: ItemGroupRow[];
  items: GroupableItem[];
  onClose: () => void;
}

/** Create, rename (and choose the items of), order and delete my item groups; every control is a button, so all of it works from the keyboard. */
export function ItemGroupManager({ open, groups, items, onClose }: ItemGroupManagerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [editing, setEditing] = useState<ItemGroupRow | 'new' | null>(null);

  const move = async (index: number, by: -1 | 1) => {
    const order = groups.map((group) => group.id);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    await sortItemGroups(order);
  };

  const [confirming, setConfirming] = useState<number | null>(null);

  /** Asked in the group's own row: a second modal over this one would close it. */
  const remove = async (group: ItemGroupRow) => {
    setConfirming(null);
    await deleteItemGroup(group.id);
    showSuccess(t('Group deleted'));
  };

  return (
    <>
      <Dialog open={open && editing === null} onOpenChange={(_, data) => !data.open && onClose()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('Item groups')}</DialogTitle>
            <DialogContent>
              {groups.length === 0 && <Text className={styles.empty}>{t('No groups yet: a group gathers some of your items under a tab of its own.')}</Text>}
              <ul className={styles.list} data-testid="item-group-list">
                {groups.map((group, index) => {
                  const name = decodeEntities(group.group_name);
                  if (confirming === group.id) {
                    return (
                      <li key={group.id} className={styles.row} data-testid="item-group-row" role="alert">
                        <span className={styles.question}>{t('Delete the group "{{name}}"? Its items stay in your list.', { name })}</span>
                        <Button size="small" appearance="primary" onClick={() => void remove(group)} autoFocus>
                          {t('Delete')}
                        </Button>
                        <Button size="small" onClick={() => setConfirming(null)}>
                          {t('Cancel')}
                        </Button>
                      </li>
                    );
                  }
                  return (
                    <li key={group.id} className={styles.row} data-testid="item-group-row">
                      <span className={styles.name} title={name}>
                        {name}
                      </span>
                      <span className={styles.count}>{t('Items: {{number}}', { number: groupItemIds(group).length })}</span>
                      <Tooltip content={t('Move up')} relationship="label">
                        <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} disabled={index === 0} onClick={() => void move(index, -1)} />
                      </Tooltip>
                      <Tooltip content={t('Move down')} relationship="label">
                        <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} disabled={index === groups.length - 1} onClick={() => void move(index, 1)} />
                      </Tooltip>
                      <Tooltip content={t('Edit group')} relationship="label">
                        <Button size="small" appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(group)} />
                      </Tooltip>
                      <Tooltip content={t('Delete group')} relationship="label">
                        <Button size="small" appearance="subtle" icon={<DeleteRegular />} onClick={() => setConfirming(group.id)} />
                      </Tooltip>
                    </li>
                  );
                })}
              </ul>
            </DialogContent>
            <DialogActions className={styles.actions} fluid>
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing('new')} data-testid="new-item-group">
                {t('New group')}
              </Button>
              <Button appearance="secondary" onClick={onClose}>
                {t('Close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {editing !== null && <ItemGroupForm items={items} editing={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
