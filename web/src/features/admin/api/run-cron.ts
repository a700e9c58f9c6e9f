import { apiRequest } from '../../../lib/api-client';

/** SPEC §2: the landing and login screens trigger the housekeeping task; its reply is empty. */
export function runCron(): void {
  apiRequest('ScriptCron/run', {}, { method: 'GET', alert: false }).catch(() => undefined);
}
