import { Radio, RadioGroup, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import type { MemberGroup } from '@quire/proto';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { FormDialog } from '../../../components/ui/form-dialog';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { teamItemMembersKey, useTeamItemMembers } from '../api/get-team-item-members';
import type { TeamItemByTeamEntry } from '../api/get-team-items';
import { saveTeamItemMember } from '../api/save-team-item-member';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-all' },
  empty: { color: tokens.colorNeutralForeground3 },
});

const EDIT: MemberGroup = 1;
const READ_ONLY: MemberGroup = 0;

/** SPEC §2 member authority: each team member's right on one item of the team, edit or read-only. */
export function MemberRightsDialog(props: { open: boolean; teamId: number; item: TeamItemByTeamEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: rows, isLoading } = useTeamItemMembers(props.teamId, props.item.item_id);
  const [changes, setChanges] = useState<Record<number, MemberGroup>>({});
  useEffect(() => {
    if (props.open) setChanges({});
  }, [props.open]);

  const save = async () => {
    const changed = (rows ?? []).filter((row) => changes[row.id] !== undefined && changes[row.id] !== Number(row.member_group_id));
    try {
      for (const row of changed) await saveTeamItemMember(row.id, changes[row.id]);
      await mutate(teamItemMembersKey(props.teamId, props.item.item_id));
      props.onClose();
      showSuccess(t('Permissions saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  return (
    <FormDialog open={props.open} title={t('Member rights on "{{name}}"', { name: decodeEntities(props.item.item_name) })} onClose={props.onClose} onSubmit={() => void save()}>
      {isLoading && !rows ? <Spinner /> : null}
      {rows && rows.length === 0 && <p className={styles.empty}>{t('This team has no members yet.')}</p>}
      {(rows ?? []).map((row) => (
        <div key={row.id} className={styles.row} data-testid="member-right">
          <span className={styles.name}>{row.member_username}</span>
          <RadioGroup
            layout="horizontal"
            aria-label={t('Right of {{username}}', { username: row.member_username })}
            value={String(changes[row.id] ?? Number(row.member_group_id))}
            onChange={(_, data) => setChanges((current) => ({ ...current, [row.id]: data.value === '1' ? EDIT : READ_ONLY }))}
          >
            <Radio value="1" label={t('Edit')} />
            <Radio value="0" label={t('Read-only')} />
          </RadioGroup>
        </div>
      ))}
    </FormDialog>
  );
}
