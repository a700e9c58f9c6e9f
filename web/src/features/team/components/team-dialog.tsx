import { Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ApiError } from '../../../lib/api-client';
import { decodeEntities } from '../../../lib/decode-entities';
import { saveTeam } from '../api/save-team';
import type { TeamListEntry } from '../api/get-teams';

/** Add a team (no `team`) or rename one; the name starts afresh each time it opens. */
export function TeamDialog(props: { open: boolean; team?: TeamListEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  useEffect(() => {
    if (props.open) setName(decodeEntities(props.team?.team_name));
  }, [props.open, props.team]);
  const submit = async () => {
    try {
      await saveTeam({ id: props.team?.id ?? 0, team_name: name.trim() });
      props.onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
  };
  return (
    <FormDialog open={props.open} title={props.team ? t('Rename team') : t('Add team')} onClose={props.onClose} onSubmit={() => void submit()}>
      <Field label={t('Team name')} required>
        <Input name="team_name" value={name} maxLength={100} onChange={(_, data) => setName(data.value)} />
      </Field>
    </FormDialog>
  );
}
