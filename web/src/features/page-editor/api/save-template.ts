import type { TemplateRow } from '@quire/proto';
import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { templatesKey } from './get-templates';

/** `template/save`: the editor's content as a new personal template. */
export async function saveTemplate(title: string, content: string): Promise<TemplateRow> {
  const row = await apiRequest<TemplateRow>('template/save', { template_title: title, template_content: content }, { loading: true });
  await mutate(templatesKey);
  return row;
}
