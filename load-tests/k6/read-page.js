// k6 run -e BASE_URL=https://docs.example.com -e PASSWORD=… load-tests/k6/read-page.js
// Journey "read page": page/info of the seeded pages, round robin.
import { call, journeyOptions, loginAndSeed } from './common.js';

export const options = journeyOptions({ http_req_duration: ['p(95)<200', 'p(99)<500'] });
export const setup = loginAndSeed;

export default function (data) {
  const pageId = data.pageIds[(__VU * 7 + __ITER) % data.pageIds.length];
  call('/api/page/info', { page_id: pageId }, data.token, 'page/info');
}
