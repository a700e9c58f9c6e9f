import { Button, Field, Select, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { LinkDismissRegular, PeopleTeamAddRegular, ShieldPersonRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../../components/ui/responsive-table';
import { confirmAction } from '../../../../lib/alert';
import { ApiError } from '../../../../lib/api-client';
import { decodeEntities } from '../../../../lib/decode-entities';
import { assignItemTeam } from '../../api/assign-item-team';
import { type ItemTeamEntry, useItemTeams } from '../../api/get-item-teams';
import { useMyTeams } from '../../api/get-my-teams';
import { unassignItemTeam } from '../../api/unassign-item-team';
import { TeamRightsDialog } from './team-rights-dialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  assign: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  team: { minWidth: '220px', flexGrow: 1 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/** SPEC §2 team assignment: bind one of my teams to the item, set each member's right on it, unbind. */
export function TeamAssignment({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: assigned, isLoading } = useItemTeams(itemId);
  const { data: mine } = useMyTeams();
  const [choice, setChoice] = useState('0');
  const [rightsOf, setRightsOf] = useState<ItemTeamEntry | null>(null);
  const boundIds = new Set((assigned ?? []).map((team) => team.team_id));
  const free = (mine ?? []).filter((team) => !boundIds.has(team.id));

  const assign = async () => {
    const teamId = Number(choice);
    if (!teamId) return;
    try {
      await assignItemTeam(itemId, teamId);
      setChoice('0');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const unassign = async (team: ItemTeamEntry) => {
    if (!(await confirmAction(t('Unassign the team "{{team}}" from this item? Its members lose the rights it gave them.', { team: decodeEntities(team.team_name) })))) return;
    try {
      await unassignItemTeam(itemId, team.id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  return (
    <section className={styles.root} data-testid="team-assignment">
      <Subtitle2 as="h2">{t('Teams')}</Subtitle2>
      <span className={styles.hint}>{t('Assign one of your teams: its members read the item, and you choose who may edit.')}</span>
      <div className={styles.assign}>
        <Field className={styles.team} label={t('Team')}>
          <Select name="team_id" value={choice} onChange={(_, data) => setChoice(data.value)}>
            <option value="0">{free.length ? t('Choose a team') : t('No team to assign')}</option>
            {free.map((team) => (
              <option key={team.id} value={String(team.id)}>
                {decodeEntities(team.team_name)}
              </option>
            ))}
          </Select>
        </Field>
        <Button icon={<PeopleTeamAddRegular />} disabled={choice === '0'} onClick={() => void assign()}>
          {t('Assign team')}
        </Button>
      </div>
      {isLoading && !assigned ? (
        <Spinner />
      ) : assigned && assigned.length > 0 ? (
        <ResponsiveTable
          columns={[t('Team'), t('Owner'), t('Actions')]}
          rows={assigned}
          rowKey={(team) => team.id}
          label={t('Teams')}
          testId="team-table"
          rowTestId="team-row"
          empty=""
          cells={(team) => [
            decodeEntities(team.team_name),
            decodeEntities(team.username),
            <>
              <Button size="small" icon={<ShieldPersonRegular />} onClick={() => setRightsOf(team)}>
                {t('Member rights')}
              </Button>
              <Button size="small" icon={<LinkDismissRegular />} onClick={() => void unassign(team)}>
                {t('Unassign')}
              </Button>
            </>,
          ]}
        />
      ) : null}
      {rightsOf && <TeamRightsDialog itemId={itemId} team={rightsOf} onClose={() => setRightsOf(null)} />}
    </section>
  );
}
