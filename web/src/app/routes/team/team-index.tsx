import { AddRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { TeamList } from '../../../features/team/components/team-list';
import { labels } from '../../../features/team/labels';
import { addLabels } from '../../../lib/i18n';

addLabels(labels);

/** SPEC §2 teams: my teams, add, rename, delete; the counts lead to members and items. */
export default function TeamIndexRoute() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <PageLayout
      title={t('Teams')}
      actions={
        <>
          <HeaderAction icon={<AddRegular />} label={t('Add team')} onClick={() => setAdding(true)} />
          <HeaderAction icon={<ArrowLeftRegular />} label={t('My items')} to={paths.itemIndex.getHref()} />
        </>
      }
    >
      <TeamList adding={adding} onAddClosed={() => setAdding(false)} />
    </PageLayout>
  );
}
