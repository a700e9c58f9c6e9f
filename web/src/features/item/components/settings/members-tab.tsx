import { Badge, Button, Field, Radio, RadioGroup, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, PersonAddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../../components/ui/responsive-table';
import { UserCombobox } from '../../../../components/ui/user-combobox';
import { confirmAction } from '../../../../lib/alert';
import { ApiError } from '../../../../lib/api-client';
import { decodeEntities } from '../../../../lib/decode-entities';
import { deleteItemMember } from '../../api/delete-item-member';
import { useFindUsers } from '../../api/find-users';
import { type MemberListEntry, useItemMembers } from '../../api/get-item-members';
import { saveItemMember } from '../../api/save-item-member';
import { TeamAssignment } from './team-assignment';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  add: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
  user: { minWidth: '220px', flexGrow: 1 },
  empty: { color: tokens.colorNeutralForeground3 },
});

type Group = 0 | 1;

/** SPEC §2 member management: list, add by username autocomplete with edit or read-only, change, remove; then teams. */
export function MembersTab({ itemId }: { itemId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: members, isLoading } = useItemMembers(itemId);
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState<Group>(0);
  const { data: found } = useFindUsers(query);
  const taken = new Set((members ?? []).map((member) => decodeEntities(member.username)));
  const suggestions = (found ?? []).filter((user) => !taken.has(user.username));

  const add = async () => {
    const username = query.trim();
    if (!username) return;
    try {
      await saveItemMember(itemId, username, group);
      setQuery('');
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const changeRight = async (member: MemberListEntry) => {
    // There is no call that changes a member's right: the membership is made again with the other one.
    const next: Group = Number(member.member_group_id) === 1 ? 0 : 1;
    try {
      await deleteItemMember(itemId, member.item_member_id, { revalidate: false });
      await saveItemMember(itemId, decodeEntities(member.username), next);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  const remove = async (member: MemberListEntry) => {
    if (!(await confirmAction(t('Remove {{username}} from the members of this item?', { username: decodeEntities(member.username) })))) return;
    try {
      await deleteItemMember(itemId, member.item_member_id);
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
    }
  };

  return (
    <div className={styles.root}>
      <Subtitle2 as="h2">{t('Members')}</Subtitle2>
      <form
        className={styles.add}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Field className={styles.user} label={t('Username')}>
          <UserCombobox value={query} onChange={setQuery} suggestions={suggestions} placeholder={t('Type a username')} testId="member-username" />
        </Field>
        <Field label={t('Right')}>
          <RadioGroup layout="horizontal" value={String(group)} onChange={(_, data) => setGroup(data.value === '1' ? 1 : 0)}>
            <Radio value="1" label={t('Edit')} />
            <Radio value="0" label={t('Read-only')} />
          </RadioGroup>
        </Field>
        <Button appearance="primary" type="submit" icon={<PersonAddRegular />} disabled={!query.trim()}>
          {t('Add member')}
        </Button>
      </form>
      {isLoading && !members ? (
        <Spinner />
      ) : !members || members.length === 0 ? (
        <span className={styles.empty} data-testid="members-empty">
          {t('No members yet')}
        </span>
      ) : (
        <ResponsiveTable
          columns={[t('Username'), t('Name'), t('Added at'), t('Right'), t('Actions')]}
          rows={members}
          rowKey={(member) => member.item_member_id}
          label={t('Members')}
          testId="member-table"
          rowTestId="member-row"
          empty={t('No members yet')}
          cells={(member) => {
            const editor = Number(member.member_group_id) === 1;
            return [
              decodeEntities(member.username),
              decodeEntities(member.name),
              member.addtime,
              <Badge key="right" appearance="tint" color={editor ? 'brand' : 'informative'} data-testid="member-right">
                {editor ? t('Edit') : t('Read-only')}
              </Badge>,
              <>
                <Button size="small" onClick={() => void changeRight(member)}>
                  {editor ? t('Make read-only') : t('Allow editing')}
                </Button>
                <Button size="small" icon={<DeleteRegular />} onClick={() => void remove(member)}>
                  {t('Remove')}
                </Button>
              </>,
            ];
          }}
        />
      )}
      <TeamAssignment itemId={itemId} />
    </div>
  );
}
