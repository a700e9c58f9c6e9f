import { Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { decodeEntities } from '../../../lib/decode-entities';
import { useUserInfo } from '../../auth/api/get-user-info';
import { useMyItems } from '../../item/api/get-my-items';
import { PERIODS, type Period, type SearchFilterValues, withPeriod } from '../lib/search-filters';

const useStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  field: { flex: '1 1 150px', minWidth: 0 },
});

/** Item, author and "updated since". The item choice lists the caller's items; a visitor who is not logged in has none. */
export function SearchFilters({ value, onChange }: { value: SearchFilterValues; onChange: (value: SearchFilterValues) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: user } = useUserInfo({ redirectLogin: false });
  const { data: items } = useMyItems({ enabled: Boolean(user) });
  const periodLabels: Record<Period, string> = { any: t('Any time'), day: t('Past day'), week: t('Past week'), month: t('Past month'), year: t('Past year') };

  return (
    <div className={styles.root} data-testid="search-filters">
      {items && items.length > 0 && (
        <Select
          className={styles.field}
          aria-label={t('Item')}
          value={String(value.itemId)}
          onChange={(_, data) => onChange({ ...value, itemId: Number(data.value) })}
          data-testid="search-filter-item"
        >
          <option value="0">{t('All items')}</option>
          {items.map((item) => (
            <option key={item.item_id} value={item.item_id}>
              {decodeEntities(item.item_name)}
            </option>
          ))}
        </Select>
      )}
      <Input
        className={styles.field}
        contentBefore={<PersonRegular />}
        placeholder={t('Author')}
        aria-label={t('Author')}
        value={value.author}
        onChange={(_, data) => onChange({ ...value, author: data.value })}
        data-testid="search-filter-author"
      />
      <Select
        className={styles.field}
        aria-label={t('Updated since')}
        value={value.period}
        onChange={(_, data) => onChange(withPeriod(value, data.value as Period))}
        data-testid="search-filter-since"
      >
        {(Object.keys(PERIODS) as Period[]).map((period) => (
          <option key={period} value={period}>
            {periodLabels[period]}
          </option>
        ))}
      </Select>
    </div>
  );
}
