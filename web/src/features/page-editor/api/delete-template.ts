import { mutate } from 'swr';
import { apiRequest } from '../../../lib/api-client';
import { templatesKey } from './get-templates';

export async function deleteTemplate(id: number): Promise<void> {
  await apiRequest('template/delete', { id });
  await mutate(templatesKey);
}
