// k6 run -e BASE_URL=https://docs.example.com -e PASSWORD=… load-tests/k6/save-page.js
// Journey "save page": page/save of the seeded pages with new content (each save adds a version).
import { call, journeyOptions, loginAndSeed, pageText } from './common.js';

export const options = journeyOptions({ http_req_duration: ['p(95)<500', 'p(99)<1000'] });
export const setup = loginAndSeed;

export default function (data) {
  const n = (__VU * 13 + __ITER) % data.pageIds.length;
  call(
    '/api/page/save',
    { item_id: data.itemId, page_id: data.pageIds[n], page_title: `Endpoint ${n}`, page_content: `${pageText(n)}\nrevision ${__VU}-${__ITER}` },
    data.token,
    'page/save',
  );
}
