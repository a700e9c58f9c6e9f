import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { FolderRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { decodeEntities } from '../../../lib/decode-entities';
import type { ItemGroupRow } from '../api/get-item-groups';
import { Tooltip } from '../../../components/ui/tooltip';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM, minWidth: 0 },
  // On a phone the tabs scroll sideways instead of wrapping under each other.
  tabs: { flex: 1, minWidth: 0, overflowX: 'auto', scrollbarWidth: 'thin' },
  tab: { whiteSpace: 'nowrap', maxWidth: '220px' },
});

/** Where the item list is: every item (0), or one of my groups. */
export interface ItemGroupTabsProps {
  groups: ItemGroupRow[];
  selected: number;
  onSelect: (groupId: number) => void;
  onManage: () => void;
}

/**
 * My item groups as tabs over the item list (ShowDoc 3.x's groups): "All items" first, then each group in my
 * order. The arrow keys move between tabs (Fluent's TabList); the button beside them manages the groups.
 */
export function ItemGroupTabs({ groups, selected, onSelect, onManage }: ItemGroupTabsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.bar}>
      <div className={styles.tabs}>
        <TabList selectedValue={String(selected)} onTabSelect={(_, data) => onSelect(Number(data.value))} aria-label={t('Item groups')} data-testid="item-group-tabs">
          <Tab value="0" className={styles.tab}>
            {t('All items')}
          </Tab>
          {groups.map((group) => (
            <Tab key={group.id} value={String(group.id)} className={styles.tab} data-testid="item-group-tab">
              {decodeEntities(group.group_name)}
            </Tab>
          ))}
        </TabList>
      </div>
      {/* Without groups the button says what it starts; with them, an icon named by its tooltip (never two names at once). */}
      {groups.length === 0 ? (
        <Button appearance="subtle" icon={<FolderRegular />} onClick={onManage} data-testid="manage-item-groups">
          {t('Group items')}
        </Button>
      ) : (
        <Tooltip content={t('Manage groups')} relationship="label">
          <Button appearance="subtle" icon={<FolderRegular />} onClick={onManage} data-testid="manage-item-groups" />
        </Tooltip>
      )}
    </div>
  );
}
