import type { CatalogRow } from '@quire/proto';

/** A catalog (contract §18 `catalog`): the document the API's catalog row shows, stored with its name raw. */
export type CatalogEntity = CatalogRow;
