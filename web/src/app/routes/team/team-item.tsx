import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useMyItems } from '../../../features/item/api/get-my-items';
import { useTeams } from '../../../features/team/api/get-teams';
import { TeamItemList } from '../../../features/team/components/team-item-list';
import { labels } from '../../../features/team/labels';
import { addLabels } from '../../../lib/i18n';
import { decodeEntities } from '../../../lib/decode-entities';

addLabels(labels);

/** SPEC §2 team items of `/team/item/{team_id}`: only items I created can be assigned. */
export default function TeamItemRoute() {
  const { t } = useTranslation();
  const teamId = Number(useParams().teamId ?? 0);
  const team = useTeams().data?.find((entry) => entry.id === teamId);
  const { data: items } = useMyItems();
  const mine = (items ?? []).filter((item) => Number(item.creator) === 1);
  return (
    <PageLayout
      title={team ? t('Items of {{team}}', { team: decodeEntities(team.team_name) }) : t('Team items')}
      actions={<HeaderAction icon={<ArrowLeftRegular />} label={t('Teams')} to={paths.teamIndex.getHref()} />}
    >
      <TeamItemList teamId={teamId} myItems={mine} />
    </PageLayout>
  );
}
