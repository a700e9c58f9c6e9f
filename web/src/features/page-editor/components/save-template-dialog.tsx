import { Field, Input } from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/ui/form-dialog';
import { showAlert } from '../../../lib/alert';
import { showSuccess } from '../../../lib/toast';
import { saveTemplate } from '../api/save-template';

/** 'Save as template' (the save button's menu): the current content under a title of its own. */
export function SaveTemplateDialog({ initialTitle, content, onClose }: { initialTitle: string; content: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle);
  const input = useRef<HTMLInputElement>(null);
  const submit = async () => {
    if (!title.trim()) {
      await showAlert(t('Please enter a title'));
      input.current?.focus();
      return;
    }
    await saveTemplate(title.trim(), content);
    onClose();
    showSuccess(t('Saved as a template: find it under "More templates".'));
  };
  return (
    <FormDialog open title={t('Save as template')} onClose={onClose} onSubmit={() => void submit().catch(() => undefined)}>
      <Field label={t('Template title')}>
        <Input ref={input} name="template_title" value={title} onChange={(_, d) => setTitle(d.value)} />
      </Field>
    </FormDialog>
  );
}
