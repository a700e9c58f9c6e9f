import type { ADMIN_PAGE_SIZE } from '@quire/proto';

/** SPEC §2: the console lists 7 rows a page (proto's value, checked at compile time; its runtime is not bundled). */
export const PAGE_SIZE: typeof ADMIN_PAGE_SIZE = 7;
