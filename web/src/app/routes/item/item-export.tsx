import { Spinner } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { ExportPanel } from '../../../features/export/components/export-panel';
import { exportScopeOf } from '../../../features/export/components/export-scope';
import { labels } from '../../../features/export/labels';
import { useItemInfo } from '../../../features/item/api/get-item-info';
import { decodeEntities } from '../../../lib/decode-entities';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

/** SPEC §2 export (`/item/export/{item_id}`): whole item or one catalog, Word or Markdown, with progress. */
export default function ItemExportRoute() {
  const { t } = useTranslation();
  const { itemId = '' } = useParams();
  const { data: info } = useItemInfo({ itemKey: itemId });
  const scope = useMemo(() => exportScopeOf(info?.menu, info?.item_type === 2), [info]);
  return (
    <PageLayout
      width="narrow"
      title={info ? t('Export {{name}}', { name: decodeEntities(info.item_name) }) : t('Export')}
      actions={<HeaderAction icon={<ArrowLeftRegular />} label={t('Back to the item')} to={paths.itemView.getHref(itemId)} />}
    >
      {info ? <ExportPanel key={info.item_id} itemId={info.item_id} scope={scope} /> : <Spinner />}
    </PageLayout>
  );
}
