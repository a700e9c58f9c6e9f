import type { MailOutbox, OutboxEntry } from '@quire/proto';
import useSWR from 'swr';
import { apiRequest } from '../../../lib/api-client';

export type { OutboxEntry };

/** `adminMail/outbox`: the mail kept instead of sent while no SMTP server is configured. */
export function getMailOutbox(): Promise<MailOutbox> {
  return apiRequest<MailOutbox>('adminMail/outbox');
}

export const mailOutboxKey = ['adminMail/outbox', {}] as const;

export function useMailOutbox() {
  return useSWR(mailOutboxKey, getMailOutbox);
}
