import { formatDate } from '../../../lib/format';

/** The day a page was last saved, written as the labels' language writes dates ("Mar 5, 2026", "2026年3月5日"). */
export function formatDay(seconds: number, language: string): string {
  return formatDate(seconds, language);
}
