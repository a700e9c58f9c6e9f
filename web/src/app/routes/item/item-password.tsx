import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths, safeRedirect } from '../../../config/paths';
import { ItemPasswordForm } from '../../../features/item/components/item-password-form';

/** `/item/password/{item_id}?page_id=&redirect=`: unlock, then back to where the visitor was going. */
export default function ItemPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { itemId = '0' } = useParams();
  const [search] = useSearchParams();
  const pageId = search.get('page_id') ?? '';
  const fallback = itemId !== '0' ? paths.itemView.getHref(itemId, pageId || undefined) : pageId ? paths.page.getHref(pageId) : paths.home.getHref();
  return (
    <PageLayout width="narrow" title={t('Visit password')}>
      <ItemPasswordForm
        itemId={itemId}
        pageId={pageId}
        onUnlocked={async () => {
          // Replies cached while the item was locked (errors) must not stick.
          await mutate((key) => Array.isArray(key) && (key[0] === 'item/info' || key[0] === 'page/info'), undefined);
          void navigate(safeRedirect(search.get('redirect'), fallback), { replace: true });
        }}
      />
    </PageLayout>
  );
}
