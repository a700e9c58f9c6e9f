import type { TemplateListEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { TemplateListEntry };

/** `template/getList`: my templates, newest first (content raw, title HTML-escaped). */
export function getTemplates(): Promise<TemplateListEntry[]> {
  return apiRequest<TemplateListEntry[]>('template/getList');
}

export const templatesKey = ['template/getList', {}] as const;

export function useTemplates(enabled: boolean) {
  return useSWR(enabled ? templatesKey : null, getTemplates);
}
