const DAY = 86_400;

/** "Updated since" choices: how far back, in seconds (0: any time). */
export const PERIODS = { any: 0, day: DAY, week: 7 * DAY, month: 30 * DAY, year: 365 * DAY } as const;
export type Period = keyof typeof PERIODS;

export interface SearchFilterValues {
  /** 0: every item. */
  itemId: number;
  author: string;
  period: Period;
  /** Unix seconds the period starts at, fixed when it is chosen (a moving `since` would be a new query on every render). */
  since: number;
}

export const NO_FILTERS: SearchFilterValues = { itemId: 0, author: '', period: 'any', since: 0 };

/** The filters with `period` chosen now. */
export function withPeriod(filters: SearchFilterValues, period: Period): SearchFilterValues {
  return { ...filters, period, since: PERIODS[period] ? Math.floor(Date.now() / 1000) - PERIODS[period] : 0 };
}
