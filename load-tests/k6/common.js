// Shared by the journey scripts: options, login and the seeded item (the Node runner,
// load-tests/src/journeys.ts, seeds the same item: 10 catalogs of 10 pages of about 2 KB).
import http from 'k6/http';
import { check, fail } from 'k6';

export const BASE = (__ENV.BASE_URL || 'http://localhost:4999').replace(/\/+$/, '');

/** A bounded constant load: VUS virtual users for DURATION (defaults 10 and 30s). */
export function journeyOptions(thresholds = {}) {
  return {
    scenarios: { journey: { executor: 'constant-vus', vus: Number(__ENV.VUS || 10), duration: __ENV.DURATION || '30s' } },
    thresholds: { http_req_failed: ['rate<0.01'], checks: ['rate>0.99'], ...thresholds },
  };
}

/** POST form-encoded with the session token as scripts send it; fails the check unless error_code is 0. */
export function call(path, params, token, tag) {
  const res = http.post(`${BASE}${path}`, { ...params, user_token: token }, { tags: { name: tag || path } });
  check(res, { 'envelope error_code 0': (r) => r.status === 200 && r.json('error_code') === 0 });
  return res;
}

export function pageText(n) {
  const rows = [];
  for (let r = 0; r < 8; r++) rows.push(`| field_${r} | string | what field ${r} of record ${n} holds |`);
  return `# Endpoint ${n}\n\nReturns the records of service ${n}.\n\n| name | type | note |\n|---|---|---|\n${rows.join('\n')}\n\n\`\`\`bash\ncurl -X POST /api/records/${n}\n\`\`\`\n`;
}

/** setup(): log in (USERNAME / PASSWORD) and seed an item of 100 pages; returns what the VUs use. */
export function loginAndSeed() {
  const login = http.post(`${BASE}/api/user/login`, { username: __ENV.USERNAME || 'showdoc', password: __ENV.PASSWORD || '' });
  const token = login.json('data.user_token');
  if (!token) fail(`login failed: ${login.body}`);
  const itemId = call('/api/item/add', { item_type: 1, item_name: 'k6 handbook' }, token).json('data.item_id');
  const pageIds = [];
  for (let c = 0; c < 10; c++) {
    const catId = call('/api/catalog/save', { item_id: itemId, cat_name: `Service ${c}`, parent_cat_id: 0 }, token).json('data.cat_id');
    for (let p = 0; p < 10; p++) {
      const n = c * 10 + p;
      pageIds.push(call('/api/page/save', { item_id: itemId, cat_id: catId, page_title: `Endpoint ${n}`, page_content: pageText(n), s_number: p }, token).json('data.page_id'));
    }
  }
  return { token, itemId, pageIds };
}
