import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { CatalogTable } from '../../../features/catalog/components/catalog-table';
import { labels } from '../../../features/catalog/labels';
import { useItemInfo } from '../../../features/item/api/get-item-info';
import { decodeEntities } from '../../../lib/decode-entities';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

/** SPEC §2 catalog management (`/catalog/{item_id}`): the item's catalogs, 3 levels, and a way back to the item. */
export default function CatalogIndexRoute() {
  const { t } = useTranslation();
  const { itemId = '' } = useParams();
  const { data: info } = useItemInfo({ itemKey: itemId });
  const itemName = info ? decodeEntities(info.item_name) : '';
  return (
    <PageLayout
      title={itemName ? `${t('Catalog management')} · ${itemName}` : t('Catalog management')}
      actions={<HeaderAction icon={<ArrowLeftRegular />} label={t('Back to the item')} to={paths.itemView.getHref(itemId)} />}
    >
      <CatalogTable itemId={Number(itemId) || 0} />
    </PageLayout>
  );
}
