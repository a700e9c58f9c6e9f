import type { PageRow } from '@quire/proto';

/** A page (contract §18 `page`): the document the API's page row shows, stored with its text raw. */
export type PageEntity = PageRow;

/** New pages sort here unless a number is sent (contract §15). */
export const DEFAULT_SORT_NUMBER = 99;
