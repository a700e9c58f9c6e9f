import { Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { decodeEntities } from '../../../lib/decode-entities';
import { revokeShareLink, type ShareLinkRow, useShareLinks } from '../api/share-links';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  empty: { color: tokens.colorNeutralForeground3 },
  link: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString();

/** Issue 20, in the item's settings: every active share link of the item, with who made it, views, expiry and revoke. */
export function ShareLinksTab({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: links, isLoading } = useShareLinks(itemId);
  const scopeLabel = (link: ShareLinkRow) => (link.scope === 'page' ? t('Page') : link.scope === 'catalog' ? t('Catalog') : t('Whole item'));
  if (isLoading) return <Spinner />;
  if (!links || links.length === 0) return <p className={styles.empty}>{t('No active share links.')}</p>;
  return (
    <div className={styles.wrap}>
      <Table aria-label={t('Share links')} data-testid="share-links-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('Opens')}</TableHeaderCell>
            <TableHeaderCell>{t('Link')}</TableHeaderCell>
            <TableHeaderCell>{t('Made by')}</TableHeaderCell>
            <TableHeaderCell>{t('Views')}</TableHeaderCell>
            <TableHeaderCell>{t('Expires')}</TableHeaderCell>
            <TableHeaderCell />
          </TableRow>
        </TableHeader>
        <TableBody>
          {links.map((link) => (
            <TableRow key={link.share_key} data-testid="share-link-row">
              <TableCell>
                {scopeLabel(link)}: {decodeEntities(link.target_name)} {link.has_password && <LockClosedRegular aria-label={t('Password')} />}
              </TableCell>
              <TableCell>
                <a className={styles.link} href={paths.shareLink.getHref(link.share_key)} target="_blank" rel="noreferrer">
                  /s/{link.share_key.slice(0, 8)}…
                </a>
              </TableCell>
              <TableCell>
                {decodeEntities(link.creator_username)} · {day(link.addtime)}
              </TableCell>
              <TableCell>{link.views}</TableCell>
              <TableCell>{link.expire_time > 0 ? day(link.expire_time) : t('Never')}</TableCell>
              <TableCell>
                <Button icon={<DeleteRegular />} size="small" onClick={() => void revokeShareLink(itemId, link.share_key)} data-testid="share-link-revoke">
                  {t('Revoke')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
