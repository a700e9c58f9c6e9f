import { Field, Textarea, makeStyles } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { showAlert } from '../../../lib/alert';
import { beautifyJson, jsonToTable } from '../lib/json-tools';

const useStyles = makeStyles({
  input: { minWidth: 'min(520px, 80vw)', '& textarea': { fontFamily: 'monospace', minHeight: '240px' } },
});

export type JsonTool = 'table' | 'beautify';

/**
 * The JSON tools (SPEC §5): a JSON text becomes a Markdown table of its fields (an alert when it
 * does not parse), or an indented `json` code block (the raw text when it does not parse).
 */
export function JsonToolDialog({ tool, onInsert, onClose }: { tool: JsonTool; onInsert: (markdown: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const submit = () => {
    if (tool === 'beautify') {
      onInsert(`\n\`\`\`json\n${beautifyJson(text.trim())}\n\`\`\`\n`);
      return;
    }
    let table: string;
    try {
      table = jsonToTable(text, { name: t('Parameter'), type: t('Type'), description: t('Description') });
    } catch {
      // Focus goes back into this dialog, which makes it the active modal again.
      void showAlert(t('The JSON could not be parsed. Check that it is a valid JSON object or array.')).then(() => input.current?.focus());
      return;
    }
    onInsert(`\n${table}\n`);
  };
  return (
    <FormDialog open title={tool === 'table' ? t('JSON to table') : t('Beautify JSON')} submitLabel={t('Insert')} onClose={onClose} onSubmit={submit}>
      <Field label={t('Paste the JSON here')}>
        <Textarea ref={input} className={styles.input} name="json" value={text} resize="vertical" onChange={(_, d) => setText(d.value)} />
      </Field>
    </FormDialog>
  );
}
