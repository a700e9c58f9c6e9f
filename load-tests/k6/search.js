// k6 run -e BASE_URL=https://docs.example.com -e PASSWORD=… load-tests/k6/search.js
// Journey "search": item/info with a keyword over the titles and contents of the item's pages.
import { call, journeyOptions, loginAndSeed } from './common.js';

export const options = journeyOptions({ http_req_duration: ['p(95)<300', 'p(99)<800'] });
export const setup = loginAndSeed;

export default function (data) {
  call('/api/item/info', { item_id: data.itemId, keyword: `record ${(__VU + __ITER) % 100}` }, data.token, 'item/info?keyword');
}
