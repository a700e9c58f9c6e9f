import { Button, Caption1, DialogSurface, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '../../../config/env';
import { addLabels } from '../../../lib/i18n';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useSearch } from '../api/search-pages';
import { useHitKeys } from '../hooks/use-hit-keys';
import { hitOptionId } from '../lib/hit-href';
import { NO_FILTERS, type SearchFilterValues } from '../lib/search-filters';
import { labels } from '../labels';
import { SearchFilters } from './search-filters';
import { SearchHitList } from './search-hit-list';
import { Dialog } from '../../../components/ui/dialog';

addLabels(labels);

const useStyles = makeStyles({
  surface: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    width: '680px',
    maxWidth: 'calc(100vw - 32px)',
    // Near the top, as a command palette: the list grows downwards without moving the field.
    marginTop: '72px',
    marginBottom: 'auto',
    maxHeight: 'calc(100vh - 120px)',
    padding: tokens.spacingHorizontalL,
  },
  // The surface is fixed at inset 0: with auto sizes it fills the viewport (100vw would run under a scrollbar).
  sheet: {
    width: 'auto',
    maxWidth: 'none',
    height: 'auto',
    maxHeight: 'none',
    margin: 0,
    borderRadius: 0,
    padding: tokens.spacingHorizontalM,
  },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  field: { flexGrow: 1 },
  results: { flexGrow: 1, minHeight: 0, overflowY: 'auto' },
  idle: { padding: tokens.spacingVerticalL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
  keys: { color: tokens.colorNeutralForeground3, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
});

/**
 * The global search (Ctrl+K): a field searching as one types, the filters, the ranked hits. A
 * centred palette on desktop, a full-screen sheet on a phone. Kept mounted once opened, so a
 * search comes back as it was left.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const listId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<SearchFilterValues>(NO_FILTERS);
  const keyword = useDebouncedValue(text, limits.searchDebounceMs);
  const author = useDebouncedValue(filters.author, limits.searchDebounceMs);
  const search = useSearch({ keyword, itemId: filters.itemId, author, since: filters.since });
  const keys = useHitKeys(search.hits, onClose);
  const retry = () => {
    search.retry();
    field.current?.focus();
  };

  // Opening again selects the last search: typing replaces it, the arrows go on with its hits.
  useEffect(() => {
    if (open) field.current?.select();
  }, [open]);

  const blank = !keyword.trim();
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={mergeClasses(styles.surface, mobile && styles.sheet)} aria-label={t('Search documents')} data-testid="search-dialog">
        <div className={styles.bar}>
          <Input
            ref={field}
            className={styles.field}
            size="large"
            contentBefore={<SearchRegular />}
            placeholder={t('Search titles, content and catalogs')}
            value={text}
            onChange={(_, data) => {
              setText(data.value);
              keys.restart();
            }}
            onKeyDown={keys.onKeyDown}
            role="combobox"
            aria-label={t('Search documents')}
            aria-autocomplete="list"
            aria-expanded={search.hits.length > 0}
            aria-controls={listId}
            aria-activedescendant={keys.active >= 0 ? hitOptionId(listId, keys.active) : undefined}
            data-testid="search-input"
          />
          {mobile && <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('Close')} onClick={onClose} />}
        </div>
        <SearchFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            keys.restart();
          }}
        />
        <div className={styles.results}>
          {blank ? (
            <div className={styles.idle}>{t('Type to search the pages you can read, in every item.')}</div>
          ) : (
            <SearchHitList search={search} active={keys.active} onChoose={keys.choose} onNavigate={onClose} onRetry={retry} listId={listId} />
          )}
        </div>
        {!mobile && <Caption1 className={styles.keys}>{t('↑ ↓ to choose, Enter to open, Esc to close')}</Caption1>}
      </DialogSurface>
    </Dialog>
  );
}
