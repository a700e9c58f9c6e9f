import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useMyItems } from '../../../features/item/api/get-my-items';
import { ImportApiCard } from '../../../features/item/components/import-api-card';
import { ImportMarkdownCard } from '../../../features/item/components/import-markdown-card';
import { NewItemForm } from '../../../features/item/components/new-item-form';

export default function ItemAddRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: items } = useMyItems();
  return (
    <PageLayout width="narrow" title={t('New item')} actions={<HeaderAction icon={<ArrowLeftRegular />} label={t('My items')} to={paths.itemIndex.getHref()} />}>
      <NewItemForm copyable={items ?? []} onCreated={() => navigate(paths.itemIndex.getHref())} onCancel={() => navigate(paths.itemIndex.getHref())} />
      <ImportMarkdownCard onImported={(itemId) => navigate(paths.itemView.getHref(itemId))} />
      <ImportApiCard onImported={(itemId) => navigate(paths.itemView.getHref(itemId))} />
    </PageLayout>
  );
}
