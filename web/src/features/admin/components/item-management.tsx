import { Badge, Button, Field, Input, Link, Spinner } from '@fluentui/react-components';
import { ArrowSwapRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { paths } from '../../../config/paths';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { attornAdminItem } from '../api/attorn-admin-item';
import { deleteAdminItem } from '../api/delete-admin-item';
import { type AdminItemRow, useAdminItems } from '../api/get-admin-items';
import { PAGE_SIZE } from '../page-size';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { ResponsiveTable } from '../../../components/ui/responsive-table';
import { Pager } from './pager';
import { SearchBar } from './search-bar';

function AttornDialog(props: { open: boolean; item: AdminItemRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  useEffect(() => {
    if (props.open) setUsername('');
  }, [props.open]);
  const submit = async () => {
    try {
      await attornAdminItem({ item_id: props.item.item_id, username: username.trim() });
      props.onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };
  return (
    <FormDialog
      open={props.open}
      title={t('Transfer "{{name}}"', { name: decodeEntities(props.item.item_name) })}
      submitLabel={t('Transfer')}
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <Field label={t('Username of the new owner')} required>
        <Input name="attorn_username" value={username} autoComplete="off" onChange={(_, data) => setUsername(data.value)} />
      </Field>
    </FormDialog>
  );
}

/** SPEC §2 projects: search by name and owner, private or public, a link, transfer, delete with confirmation. */
export function ItemManagement() {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ item_name: '', username: '', page: 1 });
  const { data, isLoading } = useAdminItems({ ...query, count: PAGE_SIZE });
  const attornOf = useDialogTarget<AdminItemRow>();

  const remove = async (item: AdminItemRow) => {
    if (!(await confirmAction(t('Delete the item "{{name}}" of {{owner}}?', { name: decodeEntities(item.item_name), owner: item.username })))) return;
    await deleteAdminItem(item.item_id).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };

  return (
    <section data-testid="admin-items">
      <SearchBar
        fields={[
          { name: 'item_name', label: t('Item name') },
          { name: 'username', label: t('Owner') },
        ]}
        onSearch={(values) => setQuery({ item_name: values.item_name, username: values.username, page: 1 })}
      />
      {isLoading && !data ? (
        <Spinner />
      ) : (
        <ResponsiveTable
          testId="admin-item-table"
          rows={data?.items ?? []}
          rowKey={(item) => item.item_id}
          empty={t('No item matches')}
          columns={[t('Item name'), t('Description'), t('Visibility'), t('Link'), t('Owner'), t('Created at'), t('Actions')]}
          cells={(item) => [
            <span data-testid="admin-item-name">{decodeEntities(item.item_name)}</span>,
            decodeEntities(item.item_description),
            item.password ? (
              <Badge appearance="tint" color="warning" data-testid="admin-item-visibility">
                {t('Private')}
              </Badge>
            ) : (
              <Badge appearance="tint" color="success" data-testid="admin-item-visibility">
                {t('Public')}
              </Badge>
            ),
            <Link href={paths.itemView.getHref(item.item_id)} target="_blank" rel="noopener" data-testid="admin-item-link">
              {t('Open')}
            </Link>,
            <span data-testid="admin-item-owner">{item.username}</span>,
            item.addtime,
            <>
              <Button size="small" icon={<ArrowSwapRegular />} onClick={() => attornOf.show(item)}>
                {t('Transfer')}
              </Button>
              <Button size="small" icon={<DeleteRegular />} onClick={() => void remove(item)}>
                {t('Delete')}
              </Button>
            </>,
          ]}
        />
      )}
      <Pager testId="admin-item-pager" page={query.page} size={PAGE_SIZE} total={data?.total ?? 0} onPage={(page) => setQuery((current) => ({ ...current, page }))} />
      {attornOf.target && <AttornDialog open={attornOf.open} item={attornOf.target} onClose={attornOf.close} />}
    </section>
  );
}
