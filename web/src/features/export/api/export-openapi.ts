import { apiUrl } from '../../../lib/api-client';

export type OpenapiFormat = 'json' | 'yaml';

/** `export/openapi?item_id=&cat_id=&format=`: the item's (or catalog's) API pages as an OpenAPI 3.1 download (cookie auth). */
export function exportOpenapiUrl(itemId: number, catId: number, format: OpenapiFormat): string {
  return apiUrl('export/openapi', { item_id: itemId, cat_id: catId, format });
}
