import type { ItemTokenRow } from '@quire/proto';

/** An item's open-API credentials (contract §18 `item_token`), stored as the API shows them. */
export type ItemTokenEntity = ItemTokenRow;
