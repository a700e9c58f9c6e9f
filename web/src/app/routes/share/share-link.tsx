import { Button, Card, Field, Input, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { BackToTop } from '../../../components/ui/back-to-top';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { ItemMenu } from '../../../features/item/components/item-menu';
import { PageArticle } from '../../../features/page/components/page-article';
import { getShareLinkInfo, getShareLinkPage, type ShareLinkInfo } from '../../../features/share-link/api/share-links';
import { labels } from '../../../features/share-link/labels';
import { ApiError, ErrorCode } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { addLabels } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';

addLabels(labels);

/** proto's ErrorCode.ShareLinkGone: an expired or revoked link. */
const SHARE_LINK_GONE = 10410;

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: '260px minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  single: { gridTemplateColumns: 'minmax(0, 1fr)' },
  menu: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalS, borderRadius: tokens.borderRadiusLarge },
  sheet: { backgroundColor: tokens.colorNeutralBackground1, padding: tokens.spacingHorizontalXL, borderRadius: tokens.borderRadiusLarge, minWidth: 0 },
  card: { maxWidth: '420px', margin: `${tokens.spacingVerticalXXL} auto`, padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/** The first page of a menu, in menu order (the page a catalog or item link opens on). */
function firstPage(info: ShareLinkInfo): number {
  if (info.page_id > 0) return info.page_id;
  if (info.menu.pages.length > 0) return info.menu.pages[0].page_id;
  const walk = (catalogs: ShareLinkInfo['menu']['catalogs']): number => {
    for (const catalog of catalogs) {
      if (catalog.pages.length > 0) return catalog.pages[0].page_id;
      const below = walk(catalog.catalogs ?? []);
      if (below > 0) return below;
    }
    return 0;
  };
  return walk(info.menu.catalogs);
}

/** `/s/{share_key}`: a scoped share link (issue 20): its password first when it has one, then its menu and pages. */
export default function ShareLinkRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const { shareKey = '' } = useParams();
  const [search] = useSearchParams();
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const {
    data: info,
    error,
    isLoading,
  } = useSWR<ShareLinkInfo, unknown>(['share/info', shareKey, password], () => getShareLinkInfo(shareKey, password), { revalidateOnFocus: false, shouldRetryOnError: false });
  const pageId = Number(search.get('page_id')) || (info ? firstPage(info) : 0);
  const page = useSWR(info && pageId > 0 ? ['share/page', shareKey, pageId, password] : null, () => getShareLinkPage(shareKey, pageId, password, info?.share_token ?? ''), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  const code = error instanceof ApiError ? error.code : 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPassword(typed);
  };

  let body;
  if (isLoading && !info) body = <Spinner />;
  else if (code === ErrorCode.ItemPassword) {
    body = (
      <Card className={styles.card} data-testid="share-password">
        <form onSubmit={submit} className={styles.form}>
          <p>{t('This share link is protected by a password.')}</p>
          <Field label={t('Password')} validationMessage={password && error instanceof Error ? error.message : undefined}>
            <Input type="password" value={typed} onChange={(_, data) => setTyped(data.value)} autoFocus data-testid="share-password-input" />
          </Field>
          <Button appearance="primary" type="submit" disabled={typed === ''}>
            {t('Open')}
          </Button>
        </form>
      </Card>
    );
  } else if (error) {
    body = (
      <Card className={styles.card} role="alert" data-testid={code === SHARE_LINK_GONE ? 'share-gone' : 'share-missing'}>
        <strong>{code === SHARE_LINK_GONE ? t('This share link can no longer be opened') : t('This link does not exist or has been turned off.')}</strong>
        <span>{error instanceof Error ? error.message : ''}</span>
      </Card>
    );
  } else if (info) {
    body = (
      <div className={mergeClasses(styles.layout, mobile && styles.single)}>
        {(info.scope !== 'page' || mobile === false) && (
          <div className={styles.menu}>
            <ItemMenu menu={info.menu} itemKey="" currentPageId={pageId} pageHref={(id) => paths.shareLink.getHref(shareKey, id)} />
          </div>
        )}
        <div className={styles.sheet}>
          {page.isLoading && <Spinner />}
          {page.error && (
            <div className={mergeClasses(styles.state, styles.error)} role="status" data-testid="page-missing">
              {page.error instanceof Error ? page.error.message : ''}
            </div>
          )}
          {page.data && <PageArticle page={page.data} />}
        </div>
      </div>
    );
  }

  return (
    <PageLayout title={info ? `${decodeEntities(info.item_name)}${info.scope === 'item' ? '' : ` · ${decodeEntities(info.target_name)}`}` : t('Shared link')} width="full">
      {body}
      <BackToTop />
    </PageLayout>
  );
}
