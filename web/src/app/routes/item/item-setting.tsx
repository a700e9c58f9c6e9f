import { Card, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { useItemDetail } from '../../../features/item/api/get-item-detail';
import { ItemSettings } from '../../../features/item/components/settings/item-settings';
import { labels } from '../../../features/item/labels';
import { decodeEntities } from '../../../lib/decode-entities';
import { addLabels } from '../../../lib/i18n';
import { useIsMobile } from '../../../lib/use-is-mobile';

addLabels(labels);

const useStyles = makeStyles({
  refused: { padding: tokens.spacingHorizontalXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** SPEC §2 item settings (`/item/setting/{item_id}`): the creator's tabs; anyone else reads the server's refusal. */
export default function ItemSettingRoute() {
  const { t } = useTranslation();
  const styles = useStyles();
  const mobile = useIsMobile();
  const { itemId = '' } = useParams();
  const id = Number(itemId) || 0;
  const { data: item, error, isLoading } = useItemDetail(id);
  const itemName = item ? decodeEntities(item.item_name) : '';

  return (
    <PageLayout
      title={itemName ? `${t('Item settings')} · ${itemName}` : t('Item settings')}
      actions={
        <>
          {item && <HeaderAction icon={<ArrowDownloadRegular />} label={t('Export')} to={paths.itemExport.getHref(id)} />}
          <HeaderAction icon={<ArrowLeftRegular />} label={t('Back to the item')} to={paths.itemView.getHref(itemId)} />
        </>
      }
    >
      {item ? (
        <ItemSettings key={item.item_id} item={item} mobile={mobile} />
      ) : isLoading ? (
        <Spinner />
      ) : (
        <Card className={styles.refused} data-testid="settings-refused">
          <p role="alert">{error instanceof Error ? error.message : t('Something went wrong')}</p>
          <RouterLink to={paths.itemIndex.getHref()}>{t('Back to my items')}</RouterLink>
        </Card>
      )}
    </PageLayout>
  );
}
