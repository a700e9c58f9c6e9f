import { Checkbox, Field, Input, Radio, RadioGroup, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { WebhookAction, WebhookInput } from '../api/webhooks';
import { EVENT_GROUPS, eventLabel, groupLabel } from '../events';

const useStyles = makeStyles({
  groups: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingHorizontalM },
  group: { display: 'flex', flexDirection: 'column', border: 'none', margin: 0, padding: 0 },
  legend: { fontWeight: tokens.fontWeightSemibold, padding: 0, marginBottom: tokens.spacingVerticalXS },
});

/** Make or edit a hook: URL, every event or a choice of them, and whether it is on. */
export function WebhookDialog(props: { title: string; initial: WebhookInput; error: string; onSubmit: (input: WebhookInput) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [url, setUrl] = useState(props.initial.url);
  const [all, setAll] = useState(props.initial.events.length === 0);
  const [events, setEvents] = useState<WebhookAction[]>(props.initial.events);
  const [enabled, setEnabled] = useState(props.initial.enabled);
  const toggle = (event: WebhookAction, checked: boolean) => setEvents((current) => (checked ? [...current, event] : current.filter((e) => e !== event)));

  return (
    <FormDialog open title={props.title} onClose={props.onClose} onSubmit={() => props.onSubmit({ url, events: all ? [] : events, enabled })}>
      <Field label={t('Payload URL')} required validationMessage={props.error || undefined} hint={t('Quire POSTs a JSON body to this address for each event.')}>
        <Input type="url" value={url} onChange={(_, data) => setUrl(data.value)} placeholder="https://example.com/hooks/quire" data-testid="webhook-url" />
      </Field>
      <Field label={t('Events')}>
        <RadioGroup value={all ? 'all' : 'chosen'} onChange={(_, data) => setAll(data.value === 'all')} layout="horizontal">
          <Radio value="all" label={t('Every event')} data-testid="webhook-all-events" />
          <Radio value="chosen" label={t('Chosen events')} data-testid="webhook-chosen-events" />
        </RadioGroup>
      </Field>
      {!all && (
        <div className={styles.groups} data-testid="webhook-events">
          {EVENT_GROUPS.map((group) => (
            <fieldset key={group.group} className={styles.group}>
              <legend className={styles.legend}>{groupLabel(t, group.group)}</legend>
              {group.events.map((event) => (
                <Checkbox
                  key={event}
                  checked={events.includes(event)}
                  onChange={(_, data) => toggle(event, data.checked === true)}
                  label={eventLabel(t, event)}
                  data-testid={`webhook-event-${event}`}
                />
              ))}
            </fieldset>
          ))}
        </div>
      )}
      <Switch checked={enabled} onChange={(_, data) => setEnabled(data.checked)} label={t('Active: deliver events')} data-testid="webhook-enabled" />
    </FormDialog>
  );
}
