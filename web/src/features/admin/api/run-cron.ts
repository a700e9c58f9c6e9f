import { apiRequest } from '../../../lib/api-client';

/** SPEC §2: the landing and login screens trigger the housekeeping task (posted: it changes data); its reply is empty. */
export function runCron(): void {
  apiRequest('ScriptCron/run', {}, { alert: false }).catch(() => undefined);
}
