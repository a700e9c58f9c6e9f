import { Badge, Button, Field, Input, Spinner } from '@fluentui/react-components';
import { DeleteRegular, KeyRegular, PersonAddRegular, ShieldDismissRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { confirmAction } from '../../../lib/alert';
import { showSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { addUser } from '../api/add-user';
import { changeUserPassword } from '../api/change-user-password';
import { deleteUser } from '../api/delete-user';
import { resetUserTwoFactor } from '../api/reset-user-two-factor';
import { type AdminUserRow, useAdminUsers } from '../api/get-admin-users';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { Pager } from './pager';
import { SearchBar } from './search-bar';
import { PAGE_SIZE } from '../page-size';

const ADMIN_GROUP = 1;

function AddUserDialog(props: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (!props.open) return;
    setUsername('');
    setPassword('');
  }, [props.open]);
  const submit = async () => {
    try {
      await addUser({ username: username.trim(), password });
      props.onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };
  return (
    <FormDialog open={props.open} title={t('Add user')} onClose={props.onClose} onSubmit={() => void submit()}>
      <Field label={t('Username')} required>
        <Input name="new_username" value={username} autoComplete="off" onChange={(_, data) => setUsername(data.value)} />
      </Field>
      <Field label={t('Password')} required>
        <Input name="new_user_password" type="password" value={password} autoComplete="new-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
    </FormDialog>
  );
}

function ChangeUserPasswordDialog(props: { open: boolean; user: AdminUserRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  useEffect(() => {
    if (props.open) setPassword('');
  }, [props.open]);
  const submit = async () => {
    try {
      await changeUserPassword({ uid: props.user.uid, new_password: password });
      props.onClose();
      showSuccess(t('Password changed'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };
  return (
    <FormDialog open={props.open} title={t('Change the password of {{username}}', { username: props.user.username })} onClose={props.onClose} onSubmit={() => void submit()}>
      <Field label={t('New password')} required>
        <Input name="new_password" type="password" value={password} autoComplete="new-password" onChange={(_, data) => setPassword(data.value)} />
      </Field>
    </FormDialog>
  );
}

/** SPEC §2 users: search by username, 7 per page, add, change a password, delete (not administrators). */
export function UserManagement() {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ username: '', page: 1 });
  const { data, isLoading } = useAdminUsers({ ...query, count: PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const passwordOf = useDialogTarget<AdminUserRow>();

  const resetSecondFactor = async (user: AdminUserRow) => {
    if (!(await confirmAction(t('Turn off two-factor sign-in for {{username}}? They sign in with the password alone until they set it up again.', { username: user.username })))) return;
    await resetUserTwoFactor(user.uid)
      .then(() => showSuccess(t('Two-factor sign-in turned off for {{username}}', { username: user.username })))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) throw error;
      });
  };

  const remove = async (user: AdminUserRow) => {
    if (!(await confirmAction(t('Delete the user {{username}}?', { username: user.username })))) return;
    await deleteUser(user.uid).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };

  return (
    <section data-testid="admin-users">
      <SearchBar
        fields={[{ name: 'username', label: t('Username') }]}
        onSearch={(values) => setQuery({ username: values.username, page: 1 })}
        extra={
          <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setAdding(true)}>
            {t('Add user')}
          </Button>
        }
      />
      {isLoading && !data ? (
        <Spinner />
      ) : (
        <ResponsiveTable
          testId="admin-user-table"
          rows={data?.users ?? []}
          rowKey={(user) => user.uid}
          empty={t('No user matches')}
          columns={[t('Username'), t('Name'), t('Role'), t('Registered at'), t('Last login'), t('Actions')]}
          cells={(user) => [
            <span data-testid="admin-user-name">{user.username}</span>,
            decodeEntities(user.name),
            Number(user.groupid) === ADMIN_GROUP ? (
              <Badge appearance="tint" color="brand">
                {t('Administrator')}
              </Badge>
            ) : (
              t('Ordinary user')
            ),
            user.reg_time,
            user.last_login_time,
            <>
              <Button size="small" icon={<KeyRegular />} onClick={() => passwordOf.show(user)}>
                {t('Change password')}
              </Button>
              <Button size="small" icon={<ShieldDismissRegular />} onClick={() => void resetSecondFactor(user)} data-testid="admin-user-reset-2fa">
                {t('Reset two-factor')}
              </Button>
              {Number(user.groupid) !== ADMIN_GROUP && (
                <Button size="small" icon={<DeleteRegular />} onClick={() => void remove(user)}>
                  {t('Delete')}
                </Button>
              )}
            </>,
          ]}
        />
      )}
      <Pager testId="admin-user-pager" page={query.page} size={PAGE_SIZE} total={data?.total ?? 0} onPage={(page) => setQuery((current) => ({ ...current, page }))} />
      <AddUserDialog open={adding} onClose={() => setAdding(false)} />
      {passwordOf.target && <ChangeUserPasswordDialog open={passwordOf.open} user={passwordOf.target} onClose={passwordOf.close} />}
    </section>
  );
}
