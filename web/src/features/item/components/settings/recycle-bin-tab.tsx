import { Button, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, DeleteDismissRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../../components/ui/responsive-table';
import { confirmAction } from '../../../../lib/alert';
import { ApiError } from '../../../../lib/api-client';
import { decodeEntities } from '../../../../lib/decode-entities';
import { showSuccess } from '../../../../lib/toast';
import { type RecycledCatalogEntry, type RecycledPageEntry, useRecycleBin } from '../../api/get-recycle-bin';
import { purgeRecycled } from '../../api/purge-recycled';
import { type RecycleKind, restoreRecycled } from '../../api/restore-recycled';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  intro: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' },
  text: { color: tokens.colorNeutralForeground2 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  empty: { color: tokens.colorNeutralForeground3 },
});

/**
 * Issue 17 point 12: the item's recycle bin. Deleted catalogs (with their sub-catalogs and pages) and
 * pages, who deleted them and when; restore to the old place, or the item root when that is gone
 * (the table says which beforehand); delete one for good or empty the bin, after a question.
 */
export function RecycleBinTab({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: bin, isLoading } = useRecycleBin(itemId);

  const restore = async (kind: RecycleKind, id: number) => {
    try {
      const restored = await restoreRecycled(itemId, kind, id);
      showSuccess(restored.to_old_place ? t('Restored to its old place.') : t('Restored to the item root: its old place no longer exists.'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const purge = async (kind: RecycleKind, id: number, name: string) => {
    const question =
      kind === 'catalog'
        ? t('Delete the catalog "{{name}}", its sub-catalogs and their pages for good? This cannot be undone.', { name })
        : t('Delete the page "{{name}}" for good? This cannot be undone.', { name });
    if (!(await confirmAction(question, { title: t('Delete for good') }))) return;
    try {
      await purgeRecycled(itemId, { kind, id });
      showSuccess(t('Deleted for good.'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const empty = async () => {
    if (!(await confirmAction(t('Empty the recycle bin? Every page and catalog in it is deleted for good. This cannot be undone.'), { title: t('Empty the recycle bin') }))) return;
    try {
      await purgeRecycled(itemId);
      showSuccess(t('The recycle bin is empty now.'));
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const destination = (oldPlaceExists: boolean, atRoot: boolean) => (atRoot ? t('The item root') : oldPlaceExists ? t('Its old catalog') : t('The item root (its old catalog is gone)'));

  const actions = (kind: RecycleKind, id: number, name: string) => (
    <>
      <Button size="small" icon={<ArrowUndoRegular />} onClick={() => void restore(kind, id)} aria-label={t('Restore: {{name}}', { name })}>
        {t('Restore')}
      </Button>
      <Button size="small" icon={<DeleteRegular />} onClick={() => void purge(kind, id, name)} aria-label={t('Delete for good: {{name}}', { name })}>
        {t('Delete for good')}
      </Button>
    </>
  );

  if (isLoading && !bin) return <Spinner />;
  if (!bin) return null;
  const nothing = bin.catalogs.length === 0 && bin.pages.length === 0;
  return (
    <div className={styles.root} data-testid="recycle-bin">
      <Subtitle2 as="h2">{t('Recycle bin')}</Subtitle2>
      <div className={styles.intro}>
        <Text className={styles.text}>{t('Deleted pages and catalogs stay here for {{days}} days, then they are deleted for good.', { days: bin.retention_days })}</Text>
        <Button icon={<DeleteDismissRegular />} disabled={nothing} onClick={() => void empty()} data-testid="recycle-empty">
          {t('Empty the recycle bin')}
        </Button>
      </div>
      {nothing ? (
        <span className={styles.empty} data-testid="recycle-bin-empty">
          {t('The recycle bin is empty.')}
        </span>
      ) : (
        <>
          <section className={styles.section}>
            <Subtitle2 as="h3">{t('Deleted catalogs')}</Subtitle2>
            <ResponsiveTable<RecycledCatalogEntry>
              columns={[t('Catalog name'), t('Includes'), t('Deleted by'), t('Deleted at'), t('Restores to'), t('Actions')]}
              rows={bin.catalogs}
              rowKey={(entry) => entry.id}
              label={t('Deleted catalogs')}
              testId="recycle-catalogs"
              rowTestId="recycle-catalog-row"
              empty={t('No deleted catalogs')}
              cells={(entry) => {
                const name = decodeEntities(entry.cat_name);
                return [
                  name,
                  t('Pages: {{pages}}, sub-catalogs: {{catalogs}}', { pages: entry.pages, catalogs: entry.sub_catalogs }),
                  decodeEntities(entry.del_by_username),
                  entry.del_time,
                  destination(entry.parent_exists === 1, entry.parent_cat_id === 0),
                  actions('catalog', entry.id, name),
                ];
              }}
            />
          </section>
          <section className={styles.section}>
            <Subtitle2 as="h3">{t('Deleted pages')}</Subtitle2>
            <ResponsiveTable<RecycledPageEntry>
              columns={[t('Title'), t('Deleted by'), t('Deleted at'), t('Restores to'), t('Actions')]}
              rows={bin.pages}
              rowKey={(entry) => entry.page_id}
              label={t('Deleted pages')}
              testId="recycle-pages"
              rowTestId="recycle-page-row"
              empty={t('No deleted pages')}
              cells={(entry) => {
                const title = decodeEntities(entry.page_title);
                return [title, decodeEntities(entry.del_by_username), entry.del_time, destination(entry.catalog_exists === 1, entry.cat_id === 0), actions('page', entry.page_id, title)];
              }}
            />
          </section>
        </>
      )}
    </div>
  );
}
