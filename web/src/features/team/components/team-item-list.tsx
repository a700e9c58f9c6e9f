import { Button, Dropdown, Field, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, OpenRegular, PeopleSettingsRegular } from '@fluentui/react-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { confirmAction } from '../../../lib/alert';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { deleteTeamItem } from '../api/delete-team-item';
import { type TeamItemByTeamEntry, useTeamItems } from '../api/get-team-items';
import { saveTeamItem } from '../api/save-team-item';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { MemberRightsDialog } from './member-rights-dialog';
import { ResponsiveTable } from '../../../components/ui/responsive-table';

const useStyles = makeStyles({
  add: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', marginBottom: tokens.spacingVerticalL },
  field: { flexGrow: 1, maxWidth: '360px', minWidth: '200px' },
});

/** An item I may assign: one I created. */
export interface AssignableItem {
  item_id: number;
  item_name: string;
}

/** SPEC §2 team items: assign one of my items, open one in a new tab, set the members' rights, unassign with confirmation. */
export function TeamItemList(props: { teamId: number; myItems: AssignableItem[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { data: items, isLoading } = useTeamItems(props.teamId);
  const [chosen, setChosen] = useState<number>(0);
  const [listOpen, setListOpen] = useState(false);
  const rightsOf = useDialogTarget<TeamItemByTeamEntry>();
  const assigned = new Set((items ?? []).map((item) => item.item_id));
  const assignable = props.myItems.filter((item) => !assigned.has(item.item_id));
  const chosenItem = assignable.find((item) => item.item_id === chosen);

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosenItem) return;
    try {
      await saveTeamItem(props.teamId, chosenItem.item_id);
      setChosen(0);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };

  const unassign = async (item: TeamItemByTeamEntry) => {
    if (!(await confirmAction(t('Take "{{name}}" away from the team? Its members lose the rights the team gave them on it.', { name: decodeEntities(item.item_name) })))) return;
    await deleteTeamItem(props.teamId, item.id).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  };

  return (
    <>
      <form className={styles.add} onSubmit={(event) => void assign(event)} noValidate>
        <Field className={styles.field} label={t('Assign one of my items')}>
          <Dropdown
            placeholder={assignable.length > 0 ? t('Choose an item') : t('No item left to assign')}
            disabled={assignable.length === 0}
            value={chosenItem ? decodeEntities(chosenItem.item_name) : ''}
            selectedOptions={chosenItem ? [String(chosenItem.item_id)] : []}
            open={listOpen}
            onOpenChange={(_, data) => setListOpen(data.open)}
            onOptionSelect={(_, data) => {
              setChosen(Number(data.optionValue ?? 0));
              setListOpen(false);
            }}
            data-testid="assign-item"
          >
            {assignable.map((item) => (
              <Option key={item.item_id} value={String(item.item_id)}>
                {decodeEntities(item.item_name)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button appearance="primary" type="submit" icon={<AddRegular />} disabled={!chosenItem}>
          {t('Assign')}
        </Button>
      </form>
      {isLoading && !items ? (
        <Spinner />
      ) : (
        <ResponsiveTable
          testId="team-item-table"
          rows={items ?? []}
          rowKey={(item) => item.id}
          empty={t('No items are assigned to this team yet.')}
          columns={[t('Item name'), t('Added at'), t('Actions')]}
          cells={(item) => [
            <span data-testid="team-item-name">{decodeEntities(item.item_name)}</span>,
            // When the item joined this team, not when it was created.
            <span data-testid="team-item-joined">{item.join_time}</span>,
            <>
              <Button size="small" icon={<OpenRegular />} as="a" href={paths.itemView.getHref(item.item_id)} target="_blank" rel="noopener" data-testid="open-team-item">
                {t('Open')}
              </Button>
              <Button size="small" icon={<PeopleSettingsRegular />} onClick={() => rightsOf.show(item)}>
                {t('Member rights')}
              </Button>
              <Button size="small" icon={<DeleteRegular />} onClick={() => void unassign(item)}>
                {t('Unassign')}
              </Button>
            </>,
          ]}
        />
      )}
      {rightsOf.target && <MemberRightsDialog key={rightsOf.target.id} open={rightsOf.open} teamId={props.teamId} item={rightsOf.target} onClose={rightsOf.close} />}
    </>
  );
}
