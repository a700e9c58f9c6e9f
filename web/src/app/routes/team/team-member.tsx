import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { HeaderAction } from '../../../components/ui/header-action';
import { PageLayout } from '../../../components/ui/page-layout';
import { paths } from '../../../config/paths';
import { useUserInfo } from '../../../features/auth/api/get-user-info';
import { useTeams } from '../../../features/team/api/get-teams';
import { TeamMemberList } from '../../../features/team/components/team-member-list';
import { labels } from '../../../features/team/labels';
import { addLabels } from '../../../lib/i18n';
import { decodeEntities } from '../../../lib/decode-entities';

addLabels(labels);

/** SPEC §2 team members of `/team/member/{team_id}`. */
export default function TeamMemberRoute() {
  const { t } = useTranslation();
  const teamId = Number(useParams().teamId ?? 0);
  const { data: user } = useUserInfo();
  const team = useTeams().data?.find((entry) => entry.id === teamId);
  return (
    <PageLayout
      title={team ? t('Members of {{team}}', { team: decodeEntities(team.team_name) }) : t('Team members')}
      actions={<HeaderAction icon={<ArrowLeftRegular />} label={t('Teams')} to={paths.teamIndex.getHref()} />}
    >
      <TeamMemberList teamId={teamId} ownerUid={user?.uid ?? 0} />
    </PageLayout>
  );
}
