/** The day a page was last saved, written as the labels' language writes dates ("Mar 5, 2026", "2026年3月5日"). */
export function formatDay(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(seconds * 1000));
}
