import { formatDateTime } from '../../../lib/format';

/** A unix time (seconds) as the app's language writes it, in the browser's time zone. */
export function formatUnixTime(seconds: number): string {
  return formatDateTime(seconds);
}
