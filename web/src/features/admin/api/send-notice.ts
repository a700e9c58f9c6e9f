import { apiRequest } from '../../../lib/api-client';

/** `adminNotice/send`: an announcement (HTML title and content) to every user's messages. */
export async function sendNotice(input: { title: string; content: string }): Promise<void> {
  await apiRequest('adminNotice/send', input, { loading: true });
}
