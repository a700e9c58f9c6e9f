import { Button, Field, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, PersonAddRegular } from '@fluentui/react-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserCombobox } from '../../../components/ui/user-combobox';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { deleteTeamMember } from '../api/delete-team-member';
import { useAllUsers } from '../api/get-all-users';
import { type TeamMemberListEntry, useTeamMembers } from '../api/get-team-members';
import { saveTeamMember } from '../api/save-team-member';
import { ResponsiveTable } from '../../../components/ui/responsive-table';

const useStyles = makeStyles({
  add: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalL },
  field: { flexGrow: 1, maxWidth: '360px', minWidth: '200px' },
});

/** SPEC §2 team members: add by username autocomplete (existing members and the owner left out), remove with confirmation. */
export function TeamMemberList(props: { teamId: number; ownerUid: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: members, isLoading } = useTeamMembers(props.teamId);
  const [username, setUsername] = useState('');
  const { data: users } = useAllUsers(username.trim());
  const taken = new Set((members ?? []).map((member) => member.member_uid));
  const suggestions = (users ?? []).filter((user) => !taken.has(user.uid) && user.uid !== props.ownerUid).slice(0, 20);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return;
    try {
      await saveTeamMember(props.teamId, username.trim());
      setUsername('');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const remove = async (member: TeamMemberListEntry) => {
    if (!(await confirmAction(t('Remove {{username}} from the team? The rights the team gave go with it.', { username: member.member_username })))) return;
    await deleteTeamMember(props.teamId, member.id).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };

  return (
    <>
      <form className={styles.add} onSubmit={(event) => void add(event)} noValidate>
        <Field className={styles.field} label={t('Add a member by username')}>
          <UserCombobox value={username} onChange={setUsername} suggestions={suggestions} placeholder={t('Type to search users')} testId="member-autocomplete" />
        </Field>
        <Button appearance="primary" type="submit" icon={<PersonAddRegular />}>
          {t('Add member')}
        </Button>
      </form>
      {isLoading && !members ? (
        <Spinner />
      ) : (
        <ResponsiveTable
          testId="team-member-table"
          rows={members ?? []}
          rowKey={(member) => member.id}
          empty={t('This team has no members yet.')}
          columns={[t('Username'), t('Name'), t('Added at'), t('Actions')]}
          cells={(member) => [
            <span data-testid="member-username">{member.member_username}</span>,
            decodeEntities(member.name),
            member.addtime,
            <Button size="small" icon={<DeleteRegular />} onClick={() => void remove(member)}>
              {t('Remove')}
            </Button>,
          ]}
        />
      )}
    </>
  );
}
