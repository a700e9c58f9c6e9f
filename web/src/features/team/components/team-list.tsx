import { Button, Spinner } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../../../components/ui/router-link';
import { paths } from '../../../config/paths';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { deleteTeam } from '../api/delete-team';
import { type TeamListEntry, useTeams } from '../api/get-teams';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { TeamDialog } from './team-dialog';
import { ResponsiveTable } from '../../../components/ui/responsive-table';

/** SPEC §2 teams: name, member count (to the members), item count (to the team's items), rename, delete. */
export function TeamList(props: { adding: boolean; onAddClosed: () => void }) {
  const { t } = useTranslation();
  const { data: teams, isLoading } = useTeams();
  const renaming = useDialogTarget<TeamListEntry>();

  const remove = async (team: TeamListEntry) => {
    if (!(await confirmAction(t('Delete the team "{{name}}"? Its members lose the rights it gave them.', { name: decodeEntities(team.team_name) })))) return;
    await deleteTeam(team.id).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };

  return (
    <>
      {isLoading && !teams ? (
        <Spinner />
      ) : (
        <ResponsiveTable
          testId="team-table"
          rows={teams ?? []}
          rowKey={(team) => team.id}
          empty={t('No teams yet. Add one, then add members and items to it.')}
          columns={[t('Team name'), t('Member count'), t('Item count'), t('Created at'), t('Actions')]}
          cells={(team) => {
            const name = decodeEntities(team.team_name);
            // Each row's links and buttons say which team they act on (a link named "0" or five "Delete" buttons tell nothing).
            return [
              <span data-testid="team-name">{name}</span>,
              <RouterLink to={paths.teamMember.getHref(team.id)} aria-label={t('Members of team {{name}}: {{number}}', { name, number: team.memberCount })} data-testid="team-members-link">
                {team.memberCount}
              </RouterLink>,
              <RouterLink to={paths.teamItem.getHref(team.id)} aria-label={t('Items of team {{name}}: {{number}}', { name, number: team.itemCount })} data-testid="team-items-link">
                {team.itemCount}
              </RouterLink>,
              team.addtime,
              <>
                <Button size="small" icon={<EditRegular />} aria-label={t('Rename team {{name}}', { name })} onClick={() => renaming.show(team)}>
                  {t('Rename')}
                </Button>
                <Button size="small" icon={<DeleteRegular />} aria-label={t('Delete team {{name}}', { name })} onClick={() => void remove(team)}>
                  {t('Delete')}
                </Button>
              </>,
            ];
          }}
        />
      )}
      <TeamDialog open={props.adding} onClose={props.onAddClosed} />
      {renaming.target && <TeamDialog open={renaming.open} team={renaming.target} onClose={renaming.close} />}
    </>
  );
}
