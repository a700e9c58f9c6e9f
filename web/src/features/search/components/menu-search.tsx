import { SearchBox, makeStyles, tokens } from '@fluentui/react-components';
import { type ReactNode, Suspense, lazy, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { limits } from '../../../config/env';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSearch } from '../api/search-pages';
import { useHitKeys } from '../hooks/use-hit-keys';
import { hitOptionId } from '../lib/hit-href';

// The hits' list loads when the field is first used: the reader's first screen shows the menu.
const loadHitList = () => import('./search-hit-list').then((m) => ({ default: m.SearchHitList }));
const SearchHitList = lazy(loadHitList);

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalS },
});

export interface MenuSearchProps {
  itemId: number;
  /** The item's key in the reader's address (its domain or id): hits open under it. */
  itemKey: string;
  /** Called before a hit opens (closes the menu drawer on a phone). */
  onNavigate: () => void;
  /** The menu, shown while nothing is typed. */
  children: ReactNode;
}

/**
 * The reader's menu search: as one types, the item's pages ranked with their snippets take the
 * menu's place; ↑ ↓ and Enter open one, Escape (or an empty field) brings the menu back.
 */
export function MenuSearch({ itemId, itemKey, onNavigate, children }: MenuSearchProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const listId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text, limits.searchDebounceMs);
  const search = useSearch({ keyword, itemId });
  const keys = useHitKeys(search.hits, onNavigate, itemKey);
  const searching = Boolean(text.trim() && keyword.trim());
  const retry = () => {
    search.retry();
    field.current?.focus();
  };

  return (
    <div className={styles.root}>
      <SearchBox
        ref={field}
        placeholder={t('Search this item')}
        aria-label={t('Search this item')}
        dismiss={{ 'aria-label': t('Clear search') }}
        value={text}
        onFocus={() => void loadHitList()}
        onChange={(_, data) => {
          setText(data.value);
          keys.restart();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.stopPropagation();
            setText('');
          } else keys.onKeyDown(event);
        }}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={searching && search.hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={searching && keys.active >= 0 ? hitOptionId(listId, keys.active) : undefined}
        data-testid="menu-search"
      />
      {searching ? (
        <Suspense fallback={null}>
          <SearchHitList search={search} itemKey={itemKey} active={keys.active} onChoose={keys.choose} onNavigate={onNavigate} onRetry={retry} listId={listId} />
        </Suspense>
      ) : (
        children
      )}
    </div>
  );
}
