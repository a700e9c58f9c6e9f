import type { PageContributor, PageRow } from '@quire/proto';

/**
 * A page (contract §18 `page`): the document the API's page row shows, stored with its text raw.
 * `contributors`: who changed this version in the live editor (written by `page.page.saveLive`,
 * emptied by any other revision); its history row keeps them.
 */
export type PageEntity = PageRow & { contributors?: PageContributor[] };

/** New pages sort here unless a number is sent (contract §15). */
export const DEFAULT_SORT_NUMBER = 99;
