// k6 run -e BASE_URL=https://docs.example.com -e PASSWORD=… load-tests/k6/export.js
// Journey "export": export/start (Word) → export/status until completed → export/download.
// Fewer users by default: each export renders the whole 100-page item.
import http from 'k6/http';
import { check, sleep } from 'k6';
import { Trend } from 'k6/metrics';
import { BASE, call, loginAndSeed } from './common.js';

const exportSeconds = new Trend('export_seconds', true);

export const options = {
  scenarios: { journey: { executor: 'constant-vus', vus: Number(__ENV.VUS || 2), duration: __ENV.DURATION || '60s' } },
  thresholds: { checks: ['rate>0.99'], export_seconds: ['p(95)<30000'] },
};
export const setup = loginAndSeed;

export default function (data) {
  const started = Date.now();
  const jobId = call('/api/export/start', { item_id: data.itemId, format: 'word' }, data.token, 'export/start').json('data.job_id');
  let state = 'waiting';
  for (let i = 0; i < 600 && state !== 'completed' && state !== 'failed'; i++) {
    sleep(0.2);
    state = call('/api/export/status', { job_id: jobId }, data.token, 'export/status').json('data.state');
  }
  check(state, { 'export completed': (s) => s === 'completed' });
  const file = http.get(`${BASE}/api/export/download?job_id=${jobId}&user_token=${data.token}`, { tags: { name: 'export/download' } });
  check(file, { 'a .docx': (r) => r.status === 200 && String(r.headers['Content-Type']).includes('wordprocessingml') });
  exportSeconds.add(Date.now() - started);
}
