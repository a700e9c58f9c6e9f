import { Badge, Button, Card, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { deleteCatalog } from '../api/delete-catalog';
import { useCatalogs } from '../api/get-catalogs';
import { CatalogDialog } from './catalog-dialog';
import { type CatalogTableRow, flattenCatalogs } from './catalog-rows';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '520px' },
  tableMobile: { minWidth: 0 },
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, wordBreak: 'break-word' },
  marker: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  badge: { flexShrink: 0, whiteSpace: 'nowrap' },
  nameMobile: { flexWrap: 'wrap', rowGap: '2px' },
  sortMobile: { width: '64px' },
  actionsMobile: { width: '84px' },
  sub: { backgroundColor: tokens.colorNeutralBackground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** SPEC §2 catalog management: the table of up to 3 levels, the add/edit dialog, delete with confirmation. */
export function CatalogTable({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Under 1000 px the date column goes and the actions keep only their icons.
  const mobile = useIsMobile();
  const { data, isLoading } = useCatalogs(itemId);
  const rows = useMemo(() => flattenCatalogs(data ?? []), [data]);
  const [dialog, setDialog] = useState<{ editing?: CatalogTableRow } | null>(null);

  const remove = async (row: CatalogTableRow) => {
    const ok = await confirmAction(
      t('Confirm to delete the catalog "{{name}}"? It goes to the recycle bin with its sub-catalogs and pages, and can be restored from the item settings.', { name: row.name }),
    );
    if (!ok) return;
    try {
      await deleteCatalog(itemId, row.catalog.cat_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  return (
    <Card className={styles.card}>
      <div className={styles.toolbar}>
        <span className={styles.hint}>{t('Catalogs can be nested 3 levels deep.')}</span>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({})}>
          {t('New catalog')}
        </Button>
      </div>
      {isLoading && !data ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <div className={styles.empty} data-testid="catalog-empty">
          {t('This item has no catalogs yet.')}
        </div>
      ) : (
        <div className={styles.scroll}>
          <Table className={mobile ? styles.tableMobile : styles.table} aria-label={t('Catalogs')} data-testid="catalog-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('Catalog name')}</TableHeaderCell>
                {!mobile && <TableHeaderCell>{t('Added at')}</TableHeaderCell>}
                <TableHeaderCell className={mobile ? styles.sortMobile : undefined}>{t('Sort number')}</TableHeaderCell>
                <TableHeaderCell className={mobile ? styles.actionsMobile : undefined}>{t('Actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.catalog.cat_id} className={row.depth > 0 ? styles.sub : undefined} data-testid="catalog-row" data-level={row.depth + 1}>
                  <TableCell>
                    <div className={mergeClasses(styles.name, mobile && styles.nameMobile)} style={{ paddingLeft: `${row.depth * (mobile ? 12 : 24)}px` }}>
                      {row.depth > 0 && (
                        <span className={styles.marker} aria-hidden>
                          └
                        </span>
                      )}
                      <span data-testid="catalog-name">{row.name}</span>
                      {row.depth > 0 && (
                        <Badge className={styles.badge} size="small" appearance="tint" color={row.depth === 1 ? 'brand' : 'informative'}>
                          {t('Level {{level}}', { level: row.depth + 1 })}
                        </Badge>
                      )}
                    </div>
                  </TableCell>
                  {!mobile && <TableCell>{row.catalog.addtime}</TableCell>}
                  <TableCell>{row.catalog.s_number}</TableCell>
                  <TableCell>
                    <div className={styles.actions}>
                      <Button size="small" icon={<EditRegular />} aria-label={t('Edit catalog {{name}}', { name: row.name })} onClick={() => setDialog({ editing: row })}>
                        {mobile ? undefined : t('Edit')}
                      </Button>
                      <Button size="small" icon={<DeleteRegular />} aria-label={t('Delete catalog {{name}}', { name: row.name })} onClick={() => void remove(row)}>
                        {mobile ? undefined : t('Delete')}
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {dialog && <CatalogDialog itemId={itemId} rows={rows} editing={dialog.editing} onClose={() => setDialog(null)} />}
    </Card>
  );
}
