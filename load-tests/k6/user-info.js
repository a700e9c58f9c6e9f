// k6 run -e BASE_URL=http://localhost:4999 -e USERNAME=showdoc -e PASSWORD=... load-tests/k6/user-info.js
// The same measurement as `npm run bench`, for machines and clusters where k6 is installed.
import http from 'k6/http';
import { check } from 'k6';

export const options = {
  scenarios: { info: { executor: 'constant-vus', vus: 10, duration: '30s' } },
  thresholds: { http_req_failed: ['rate<0.01'], http_req_duration: ['p(99)<200'] },
};

const base = __ENV.BASE_URL || 'http://localhost:4999';

export function setup() {
  const res = http.post(`${base}/api/user/login`, { username: __ENV.USERNAME || 'showdoc', password: __ENV.PASSWORD });
  return { token: res.json('data.user_token') };
}

export default function (data) {
  const res = http.post(`${base}/api/user/info`, { user_token: data.token });
  check(res, { 'envelope ok': (r) => r.json('error_code') === 0 });
}
