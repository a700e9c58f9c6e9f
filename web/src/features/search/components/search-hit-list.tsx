import { Button, Caption1, ProgressBar, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DocumentRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/ui/router-link';
import { ApiError } from '../../../lib/api-client';
import type { SearchHit, SearchState } from '../api/search-pages';
import { formatDay } from '../lib/format-day';
import { hitHref, hitOptionId } from '../lib/hit-href';
import { SnippetText } from './snippet-text';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hit: {
    display: 'flex',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    borderLeft: `3px solid transparent`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'none', color: tokens.colorNeutralForeground1 },
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected, borderLeftColor: tokens.colorBrandStroke1 },
  icon: { flexShrink: 0, marginTop: '2px', fontSize: '16px', color: tokens.colorNeutralForeground3 },
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  title: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  path: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  snippet: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3 },
  state: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalL,
    color: tokens.colorNeutralForeground2,
    textAlign: 'center',
  },
  summary: { color: tokens.colorNeutralForeground3, paddingLeft: tokens.spacingHorizontalS },
  more: { alignSelf: 'center' },
});

export interface SearchHitListProps {
  search: SearchState;
  /** One item's menu (its key in the address) names no item; the global search names each hit's. */
  itemKey?: string;
  active: number;
  onChoose: (index: number) => void;
  /** Called before a hit opens (closes the dialog or the menu drawer). */
  onNavigate: () => void;
  /** Asks again after a failure; the caller puts the focus back in its field (the Retry button goes away). */
  onRetry: () => void;
  /** The listbox's id, for the field's `aria-controls` and `aria-activedescendant`. */
  listId: string;
}

/** Ranked hits with their snippets, or what the search is doing instead: searching, nothing found, failed. */
export function SearchHitList({ search, itemKey, active, onChoose, onNavigate, onRetry, listId }: SearchHitListProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  if (search.error && !search.isLoading) {
    return (
      <div className={styles.state} role="alert" data-testid="search-error">
        <div>{t('The search failed.')}</div>
        {search.error instanceof ApiError && <div>{search.error.message}</div>}
        <Button onClick={onRetry}>{t('Retry')}</Button>
      </div>
    );
  }
  if (search.hits.length === 0) {
    return search.isLoading ? (
      <div className={styles.state} role="status">
        <Spinner size="small" label={t('Searching…')} />
      </div>
    ) : (
      <div className={styles.state} role="status" data-testid="search-empty">
        {t('No page matches')}
      </div>
    );
  }

  const row = (hit: SearchHit, index: number) => {
    const path = itemKey ? hit.cat_path : [hit.item_name, ...hit.cat_path];
    return (
      <RouterLink
        key={`${hit.item_id}-${hit.page_id}`}
        to={hitHref(hit, itemKey)}
        id={hitOptionId(listId, index)}
        role="option"
        aria-selected={index === active}
        tabIndex={-1}
        className={mergeClasses(styles.hit, index === active && styles.active)}
        onMouseMove={() => index !== active && onChoose(index)}
        onClick={onNavigate}
        data-testid="search-hit"
      >
        <DocumentRegular className={styles.icon} />
        <span className={styles.body}>
          <span className={styles.title} data-testid="search-hit-title">
            {hit.page_title}
          </span>
          {path.length > 0 && (
            <Caption1 className={styles.path} data-testid="search-hit-path">
              {path.join(' › ')}
            </Caption1>
          )}
          <span className={styles.snippet} data-testid="search-hit-snippet">
            <SnippetText snippet={hit.snippet} />
          </span>
          <Caption1 className={styles.meta}>
            {hit.author_username} · {formatDay(hit.addtime, i18n.language)}
          </Caption1>
        </span>
      </RouterLink>
    );
  };

  return (
    <div className={styles.root}>
      <Caption1 className={styles.summary} role="status" data-testid="search-summary">
        {t('Pages found: {{count}} ({{ms}} ms)', { count: search.total, ms: search.tookMs })}
      </Caption1>
      {search.isLoading && <ProgressBar thickness="medium" />}
      <div ref={list} id={listId} role="listbox" aria-label={t('Search results')} aria-busy={search.isLoading} className={styles.list}>
        {search.hits.map(row)}
      </div>
      {search.hasMore && (
        <Button className={styles.more} appearance="subtle" disabled={search.isLoadingMore} icon={search.isLoadingMore ? <Spinner size="tiny" /> : undefined} onClick={search.loadMore}>
          {t('Load more')}
        </Button>
      )}
    </div>
  );
}
