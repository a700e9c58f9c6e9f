// k6 run -e BASE_URL=https://docs.example.com -e PASSWORD=… load-tests/k6/read-menu.js
// Journey "read menu": item/info of an item of 100 pages in 10 catalogs (the nested menu).
import { call, journeyOptions, loginAndSeed } from './common.js';

export const options = journeyOptions({ http_req_duration: ['p(95)<300', 'p(99)<800'] });
export const setup = loginAndSeed;

export default function (data) {
  call('/api/item/info', { item_id: data.itemId }, data.token, 'item/info');
}
