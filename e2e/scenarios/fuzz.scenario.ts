import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AdminUserPage, AttachmentListEntry, CatalogGroup, CatalogRow, ItemListEntry, ItemTokenRow, MemberListEntry, PageInfo, PageRow, TeamRow, UploadedReply } from '@quire/proto';
import { Routes } from '@quire/proto';
import { ApiClient, type ApiEnvelope, type RawResponse } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { BAD_VALUES, BOUNDARY, BROKEN_REQUESTS, MALFORMED_BODIES, OVERSIZED_BODIES, PNG, encodeParams, queryString, type BadValue, type Body, type Params } from './fuzz-inputs';
import { CALLERS, describeCall, fuzzPlan, fuzzRoutes, paramsToFuzz, type CallerName, type FuzzCall, type FuzzRoute } from './fuzz-plan';

/** A running Quire as the fuzz suite sees it, beyond its HTTP address. */
export interface FuzzTarget {
  system: SystemTarget;
  /** Every file the file store holds, temp files included: what an aborted upload could leave behind. */
  storedFiles(): string[];
  /** The server's open HTTP connections, where the test can count them (embedded). */
  openConnections?(): Promise<number>;
  /** Processes of the system that are no longer running (distributed). */
  deadProcesses?(): string[];
}

/** The seed of the draw; FUZZ_SEED=<n> draws another deterministic sample. */
const SEED = Number(process.env.FUZZ_SEED ?? 14);
/** Calls of one route in flight at once. */
const PARALLEL = 4;
const CALL_TIMEOUT_MS = 20_000;

const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** What only a stack trace or an internal error text would show. */
const LEAKS: [string, RegExp][] = [
  ['a path of the repository', new RegExp(REPO_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  ['a path under /work/', /\/work\//],
  ['a temp path', new RegExp(`${os.tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/quire`)],
  ['node_modules', /node_modules/],
  ['a stack frame', /\bat (?:async )?\S+ \([^)]*:\d+:\d+\)|\bat \/\S+:\d+:\d+|\n\s+at \S/],
  ['a source position', /\.[jt]s:\d+/],
];

/** Routes whose documented answer is not the envelope (contract): images, files, ShowDoc's plain-text open-API replies, an empty 200. */
const RAW_ANSWERS: Record<string, RegExp> = {
  'common/verify': /^image\/png$/,
  'common/qrcode': /^image\/png$/,
  'common/showcaptcha': /^image\/png$/,
  'scriptcron/run': /^$/,
  'attachment/visitfile': /./,
  'export/word': /./,
  'export/markdown': /./,
  'export/pdf': /^application\/pdf$/,
  'export/html': /^application\/zip$/,
  'export/openapi': /^application\/(?:yaml|vnd\.oai\.openapi\+json)$/,
  'export/download': /./,
  'admin/auditlogcsv': /^text\/csv; charset=utf-8$/,
  'item/updatebyapi': /^text\/plain/,
  'open/updateitem': /^text\/plain/,
  'open/updatepage': /^text\/plain/,
  'open/updatedbitem': /^text\/plain/,
  'open/fromcomments': /^text\/plain/,
};

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** What is wrong with one answer; empty when it is one a client can live with. */
function answerProblems(route: FuzzRoute, answer: RawResponse): string[] {
  const problems: string[] = [];
  const text = answer.text();
  if (answer.status >= 500) problems.push(`HTTP ${answer.status}`);
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`shows ${what}: ${text.slice(0, 300)}`);
  const type = answer.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) {
    const raw = RAW_ANSWERS[route.key];
    if (!raw || answer.status !== 200 || !raw.test(type)) problems.push(`HTTP ${answer.status} ${type || 'without a type'}, not the envelope: ${text.slice(0, 200)}`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [...problems, `JSON that does not parse: ${text.slice(0, 200)}`];
  }
  const envelope = body as { error_code?: unknown; error_message?: unknown; data?: unknown; success?: unknown; message?: unknown };
  if (typeof envelope.error_code === 'number') {
    const extra = Object.keys(envelope).filter((key) => !['error_code', 'error_message', 'data'].includes(key));
    if (extra.length > 0) problems.push(`envelope with ${extra.join(', ')}`);
    if (envelope.error_code !== 0) problems.push(...messageProblems(envelope.error_message));
  } else if (route.upload && envelope.success === 1) {
    // An upload's success is editor.md's `{success: 1, url}` on both upload routes (contract).
    if (typeof (envelope as { url?: unknown }).url !== 'string') problems.push(`an upload without its url: ${text.slice(0, 200)}`);
  } else if (route.upload?.editorMd && envelope.success === 0) {
    problems.push(...messageProblems(envelope.message));
  } else {
    problems.push(`not the envelope: ${text.slice(0, 200)}`);
  }
  if (answer.status >= 400 && envelope.error_code === 0) problems.push(`HTTP ${answer.status} with error_code 0`);
  return problems;
}

function messageProblems(message: unknown): string[] {
  if (typeof message !== 'string' || message.trim() === '') return [`no error message: ${JSON.stringify(message)}`];
  if (/\{[a-z_]+\}|undefined|\[object Object\]/.test(message)) return [`an unfinished message: ${message}`];
  // A library's bare HTTP phrase tells the client nothing (http-errors' "Forbidden" for a charset Node lacks).
  if (/(?:^|: )(?:Bad Request|Forbidden|Internal Server Error|Unsupported Media Type|Payload Too Large)$/.test(message)) return [`a bare HTTP phrase: ${message}`];
  return [];
}

/** An error with its cause: fetch's own message is only "fetch failed". */
function failureText(error: unknown): string {
  const { message, cause } = error as Error;
  return cause instanceof Error ? `${message}: ${cause.message}` : message;
}

/** Sends raw bytes and reads the answer until the server closes the connection. */
function rawExchange(baseUrl: string, request: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(CALL_TIMEOUT_MS, () => socket.destroy(new Error('no answer in time')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks);
      const split = answer.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = answer
        .subarray(0, split < 0 ? answer.length : split)
        .toString('latin1')
        .split('\r\n');
      const headers = new Headers(lines.map((line): [string, string] => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]));
      const body = split < 0 ? Buffer.alloc(0) : answer.subarray(split + 4);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body, text: () => body.toString('utf8'), json: <T>() => JSON.parse(body.toString('utf8')) as T });
    });
    socket.write(request);
  });
}

/** Every whole number a bad value could be read as: a parameter's text or JSON, or a key or number inside JSON text. */
function idsIn(value: BadValue): number[] {
  const ids: number[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === 'number' && Number.isSafeInteger(node)) ids.push(node);
    else if (typeof node === 'string' && /^\s*-?\d+\s*$/.test(node)) ids.push(Number(node));
    else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, inner] of Object.entries(node)) {
        visit(key);
        visit(inner);
      }
    }
  };
  const texts = [...[value.form ?? []].flat(), ...(value.json === undefined ? [] : [value.json])];
  for (const text of texts) {
    visit(text);
    try {
      const parsed: unknown = JSON.parse(text);
      visit(parsed);
      if (typeof parsed === 'string') visit(JSON.parse(parsed));
    } catch {
      // not JSON text
    }
  }
  return ids.filter((id) => Number.isSafeInteger(id));
}

/** What the canary's owner sees of their data: compared whole, before and after the fuzz. */
interface CanarySnapshot {
  items: ItemListEntry[];
  catalogs: CatalogGroup[][];
  members: MemberListEntry[][];
  pages: PageInfo[];
  files: { entry: AttachmentListEntry; bytes: string }[];
}

interface Fixtures {
  callers: Record<CallerName, ApiClient>;
  /** Valid values of the parameters a route may take: the fuzz's own item, page, catalog, team, a victim user. */
  baseline: Record<string, string>;
  /** Every id and name of the canary, by the parameter that could name it. */
  canaryIds: { page_id: number[] } & Record<string, (number | string)[]>;
  canaryOwner: ApiClient;
  canaryPage: { page_id: number; page_content: string };
  canary: CanarySnapshot;
}

/**
 * Issue 14: no request stops the server. Generated from the route table: every route gets bad
 * values in every parameter its schema knows (as form, JSON and multipart), malformed bodies and a
 * GET, from an anonymous caller, a user and the administrator. After each route's batch the server
 * must still answer its health probe and a real read. Every answer is checked: no 5xx, no stack
 * trace or path, the envelope (or the route's documented raw or editor.md answer) with a message.
 *
 * The canary: items, catalogs, pages, a member and an attachment that another user (the canary
 * owner) created before the fuzz. Nobody the fuzz acts as is a member of the canary's items, and no
 * call names them: every id and name the fuzz sends is of its own data (checked by the first test),
 * so even the administrator's calls (which may delete any item or user by id) cannot reach the
 * canary legitimately. Only a bug could change it; the last test compares it whole.
 */
export function describeFuzz(target: () => FuzzTarget): void {
  const routes = fuzzRoutes();
  const plan = fuzzPlan(routes, SEED);
  const suffix = Date.now() % 100_000;
  let fx: Fixtures;
  const base = () => target().system.baseUrl;
  const passwords: Record<CallerName, string> = { anonymous: '', user: 'fuzzer-password', admin: SYSTEM_ADMIN_PASSWORD };
  const names: Record<CallerName, string> = { anonymous: '', user: `fuzzer${suffix}`, admin: 'showdoc' };

  const login = async (username: string, password: string): Promise<ApiClient> => {
    const client = new ApiClient(base());
    ok(await client.post('/api/user/login', { username, password }));
    return client;
  };

  const snapshotCanary = async (owner: ApiClient): Promise<CanarySnapshot> => {
    const items = ok(await owner.post<ItemListEntry[]>('/api/item/myList')).sort((a, b) => a.item_id - b.item_id);
    const snapshot: CanarySnapshot = { items, catalogs: [], members: [], pages: [], files: [] };
    for (const item of items) {
      snapshot.catalogs.push(ok(await owner.post<CatalogGroup[]>('/api/catalog/catListGroup', { item_id: item.item_id })));
      snapshot.members.push(ok(await owner.post<MemberListEntry[]>('/api/member/getList', { item_id: item.item_id })));
    }
    for (const pageId of fx.canaryIds.page_id) {
      snapshot.pages.push(ok(await owner.post<PageInfo>('/api/page/info', { page_id: pageId })));
      for (const entry of ok(await owner.post<AttachmentListEntry[]>('/api/page/uploadList', { page_id: pageId }))) {
        const url = new URL(entry.url, base());
        snapshot.files.push({ entry, bytes: (await owner.request(url.pathname + url.search)).body.toString('base64') });
      }
    }
    return snapshot;
  };

  /** Logs a fuzz caller in again if a call (user/logout) ended its session. */
  const keepSignedIn = async (caller: CallerName): Promise<void> => {
    if (caller === 'anonymous') return;
    const info = await fx.callers[caller].post('/api/user/info');
    if (info.error_code === 0) return;
    fx.callers[caller] = await login(names[caller], passwords[caller]);
  };

  beforeAll(async () => {
    const admin = await login('showdoc', SYSTEM_ADMIN_PASSWORD);
    const addUser = async (username: string, password: string): Promise<number> => {
      ok(await admin.post('/api/adminUser/addUser', { username, password }));
      return ok(await admin.post<AdminUserPage>('/api/adminUser/getList', { username, page: 1, count: 10 })).users[0].uid;
    };
    // The canary first: its owner and a member, neither of them a caller of the fuzz.
    const canaryOwnerName = `canary${suffix}`;
    const friendName = `friend${suffix}`;
    const canaryUid = await addUser(canaryOwnerName, 'canary-password');
    const friendUid = await addUser(friendName, 'friend-password');
    const owner = await login(canaryOwnerName, 'canary-password');
    const canaryItems: number[] = [];
    const canaryPages: number[] = [];
    const canaryCats: number[] = [];
    for (const [index, name] of ['Runbooks', 'Design notes'].entries()) {
      const itemId = ok(
        await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: name, item_description: `canary ${index}`, password: index === 1 ? 'visit-pass' : '' }),
      ).item_id;
      canaryItems.push(itemId);
      const cat = ok(await owner.post<CatalogRow>('/api/catalog/save', { item_id: itemId, cat_name: `Chapter ${index}` }));
      canaryCats.push(cat.cat_id);
      for (const title of ['Restore the database', 'Rotate the keys']) {
        const page = ok(
          await owner.post<PageRow>('/api/page/save', {
            item_id: itemId,
            cat_id: cat.cat_id,
            page_title: `${title} ${index}`,
            page_content: `# ${title}\n\nStep 1: 文档 ${index}\n\n| a | b |\n|---|---|\n| 1 | 2 |`,
          }),
        );
        canaryPages.push(page.page_id);
      }
    }
    ok(await owner.post('/api/member/save', { item_id: canaryItems[0], username: friendName, member_group_id: 1 }));
    const form = new FormData();
    form.append('item_id', String(canaryItems[0]));
    form.append('page_id', String(canaryPages[0]));
    form.append('file', new Blob([PNG]), 'diagram.png');
    const uploaded = (await owner.request('/api/page/upload', { method: 'POST', body: form })).json<UploadedReply>();
    expect(uploaded).toMatchObject({ success: 1 });
    const canaryFiles = ok(await owner.post<AttachmentListEntry[]>('/api/page/uploadList', { page_id: canaryPages[0] })).map((f) => f.file_id);

    // The fuzz's own data: a user with an item, a catalog, a page, a team and open-API keys, and a victim user.
    const victimName = `victim${suffix}`;
    const victimUid = await addUser(victimName, 'victim-password');
    const fuzzerUid = await addUser(names.user, passwords.user);
    const user = await login(names.user, passwords.user);
    const itemId = ok(await user.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Fuzz target' })).item_id;
    const cat = ok(await user.post<CatalogRow>('/api/catalog/save', { item_id: itemId, cat_name: 'Fuzz chapter' }));
    const page = ok(await user.post<PageRow>('/api/page/save', { item_id: itemId, cat_id: cat.cat_id, page_title: 'Fuzz page', page_content: 'fuzz' }));
    // Stored text that once held the exports for minutes (a regular expression, the Markdown parser): the export routes read it.
    const slow = `${'x'.repeat(300_000)}\n\n| a |\n|-${' '.repeat(50_000)}x\n\n${'*a'.repeat(10_000)}`;
    ok(await user.post<PageRow>('/api/page/save', { item_id: itemId, cat_id: cat.cat_id, page_title: 'Slow to export', page_content: slow }));
    const team = ok(await user.post<TeamRow>('/api/team/save', { team_name: 'Fuzz team' }));
    const key = ok(await user.post<ItemTokenRow>('/api/item/getKey', { item_id: itemId }));

    fx = {
      callers: { anonymous: new ApiClient(base()), user, admin },
      baseline: {
        item_id: String(itemId),
        page_id: String(page.page_id),
        cat_id: String(cat.cat_id),
        team_id: String(team.id),
        uid: String(victimUid),
        username: victimName,
        member_username: victimName,
        api_key: key.api_key,
        api_token: key.api_token,
        password: 'not-the-password',
        new_password: 'victim-new-password',
        page_title: 'Fuzzed title',
        page_content: 'Fuzzed content',
        cat_name: 'Fuzzed chapter',
        item_name: 'Fuzzed item',
        team_name: 'Fuzzed team',
      },
      canaryIds: {
        item_id: canaryItems,
        page_id: canaryPages,
        cat_id: canaryCats,
        file_id: canaryFiles,
        uid: [canaryUid, friendUid],
        username: [canaryOwnerName, friendName],
        member_username: [canaryOwnerName, friendName],
      },
      canaryOwner: owner,
      canaryPage: { page_id: canaryPages[0], page_content: '' },
      canary: { items: [], pages: [], catalogs: [], members: [], files: [] },
    };
    expect(fuzzerUid).not.toBe(canaryUid);
    fx.canary = await snapshotCanary(owner);
    fx.canaryPage.page_content = fx.canary.pages[0].page_content;
    expect(fx.canary.files).toHaveLength(1);
    expect(fx.canary.members.flat()).toHaveLength(1);
  }, 120_000);

  const send = async (route: FuzzRoute, call: FuzzCall): Promise<RawResponse> => {
    const client = fx.callers[call.caller];
    const valid = Object.fromEntries(route.params.filter((name) => fx.baseline[name] !== undefined).map((name) => [name, fx.baseline[name]]));
    const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
    if (call.kind === 'write by GET') return client.request(`${route.path}?${queryString(valid)}`, { headers: SAME_ORIGIN, signal });
    let body: Body;
    if (call.kind === 'malformed') {
      body = call.body.build({ params: valid, fileField: route.upload?.fields[0] ?? 'file' });
    } else {
      const params: Params = { ...valid, [call.param]: call.value };
      if (call.encoding === 'query') return client.request(`${route.path}?${queryString(params)}`, { headers: SAME_ORIGIN, signal });
      const file = route.upload && call.encoding === 'multipart' ? { field: route.upload.fields[0], filename: 'fuzz.png', bytes: PNG } : undefined;
      body = encodeParams(call.encoding, params, file);
    }
    return client.request(route.path, { method: 'POST', headers: { ...SAME_ORIGIN, ...body.headers }, body: body.body, signal });
  };

  /** The server still serves: its health probe, and the canary's owner reading a page. */
  const stillServing = async (): Promise<string[]> => {
    const problems: string[] = [];
    try {
      const health = await fetch(`${base()}/healthz`, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      if (health.status !== 200) problems.push(`/healthz answered ${health.status}`);
      // Read to its end, so its connection goes back to the pool for the next call instead of staying busy.
      await health.arrayBuffer();
      const read = await fx.canaryOwner.post<PageInfo>('/api/page/info', { page_id: fx.canaryPage.page_id });
      if (read.error_code !== 0 || read.data?.page_content !== fx.canaryPage.page_content) problems.push(`a real read answered ${JSON.stringify(read).slice(0, 200)}`);
    } catch (error) {
      problems.push(`no longer serving: ${(error as Error).message}`);
    }
    const dead = target().deadProcesses?.() ?? [];
    if (dead.length > 0) problems.push(`processes gone: ${dead.join(', ')}`);
    return problems;
  };

  it('names no id of the canary in any call, so nothing the fuzz may do can legitimately change it', () => {
    for (const [name, ids] of Object.entries(fx.canaryIds)) expect({ name, clash: ids.map(String).includes(fx.baseline[name]) }).toEqual({ name, clash: false });
    const canaryNumbers = Object.values(fx.canaryIds)
      .flat()
      .filter((id): id is number => typeof id === 'number');
    const reachable = BAD_VALUES.flatMap((value) => idsIn(value).map((id) => ({ value: value.name, id })));
    expect(reachable.filter(({ id }) => canaryNumbers.includes(id))).toEqual([]);
  });

  it('plans every route, every body kind for every caller (and for each upload route), every bad value in every encoding', () => {
    expect([...plan.keys()].sort()).toEqual([...Object.keys(Routes), 'http-proxy'].sort());
    const calls = [...plan.values()].flat();
    const bodiesSent = new Set(calls.flatMap((call) => (call.kind === 'malformed' ? [`${call.body.name} by ${call.caller}`] : [])));
    expect(MALFORMED_BODIES.flatMap((body) => CALLERS.map((caller) => `${body.name} by ${caller}`)).filter((combo) => !bodiesSent.has(combo))).toEqual([]);
    const valuesSent = new Set(calls.flatMap((call) => (call.kind === 'value' && call.method === 'POST' ? [`${call.value.name} as ${call.encoding}`] : [])));
    expect(BAD_VALUES.flatMap((value) => ['form', 'json', 'multipart'].map((encoding) => `${value.name} as ${encoding}`)).filter((combo) => !valuesSent.has(combo))).toEqual([]);
    for (const route of routes.filter((r) => r.upload)) {
      const asUser = new Set(plan.get(route.key)?.flatMap((call) => (call.kind === 'malformed' && call.caller === 'user' ? [call.body.name] : [])));
      expect({ route: route.key, missing: MALFORMED_BODIES.map((body) => body.name).filter((name) => !asUser.has(name)) }).toEqual({ route: route.key, missing: [] });
    }
    for (const route of routes) {
      const callersOfParams = new Set(plan.get(route.key)?.flatMap((call) => (call.kind === 'value' ? [`${call.param} by ${call.caller}`] : [])));
      const expected = paramsToFuzz(route)
        .filter((param) => param !== 'user_token')
        .flatMap((param) => CALLERS.map((caller) => `${param} by ${caller}`));
      expect({ route: route.key, missing: expected.filter((combo) => !callersOfParams.has(combo)) }).toEqual({ route: route.key, missing: [] });
    }
  });

  it.each(routes.map((route) => [route.key, route] as const))(
    'answers every bad value and malformed body on /api/%s with a 4xx or its answer, and keeps serving',
    async (_key, route) => {
      await Promise.all(CALLERS.map(keepSignedIn));
      const calls = plan.get(route.key) ?? [];
      const problems: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < calls.length) {
          const call = calls[next++];
          try {
            const answer = await send(route, call);
            for (const problem of answerProblems(route, answer)) problems.push(`${describeCall(call)}: ${problem}`);
          } catch (error) {
            problems.push(`${describeCall(call)}: no answer (${failureText(error)})`);
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      problems.push(...(await stillServing()));
      expect(problems).toEqual([]);
    },
    120_000,
  );

  it('answers requests broken at the HTTP level with a 4xx and the envelope, and keeps serving', async () => {
    const problems: string[] = [];
    const route = routes.find((r) => r.key === 'page/save') as FuzzRoute;
    for (const broken of BROKEN_REQUESTS) {
      const answer = await rawExchange(base(), broken.text.replace('PATH', route.path));
      if (answer.status < 400 || answer.status >= 500) problems.push(`${broken.name}: HTTP ${answer.status}`);
      problems.push(...answerProblems(route, answer).map((problem) => `${broken.name}: ${problem}`));
    }
    problems.push(...(await stillServing()));
    expect(problems).toEqual([]);
  });

  it('refuses bodies past the size limits with 413 and keeps serving', async () => {
    await keepSignedIn('user');
    const problems: string[] = [];
    const saveRoute = routes.find((route) => route.key === 'page/save') as FuzzRoute;
    const valid = { item_id: fx.baseline.item_id, page_title: 'Oversized' };
    for (const oversized of OVERSIZED_BODIES) {
      const body = oversized.build({ params: valid, fileField: 'file' });
      const answer = await fx.callers.user.request(saveRoute.path, { method: 'POST', headers: { ...SAME_ORIGIN, ...body.headers }, body: body.body });
      problems.push(...answerProblems(saveRoute, answer).map((problem) => `${oversized.name}: ${problem}`));
      if (answer.status !== 413) problems.push(`${oversized.name}: HTTP ${answer.status} ${answer.text().slice(0, 200)}`);
    }
    const uploadRoute = routes.find((route) => route.key === 'page/upload') as FuzzRoute;
    const big = encodeParams('multipart', { page_id: fx.baseline.page_id }, { field: 'file', filename: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) });
    const tooBig = await fx.callers.user.request(uploadRoute.path, { method: 'POST', headers: { ...SAME_ORIGIN, ...big.headers }, body: big.body });
    expect(tooBig.json()).toEqual({ error_code: 10101, error_message: 'The file is too large: files must be under 4 MB' });
    problems.push(...(await stillServing()));
    expect(problems).toEqual([]);
  }, 120_000);

  it('lets clients abort mid-body without crashing, leaving no connection, temp file or stored upload behind', async () => {
    // A page of its own: the fuzz may have deleted its item by now.
    await keepSignedIn('user');
    const itemId = ok(await fx.callers.user.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Aborted uploads' })).item_id;
    const pageId = ok(await fx.callers.user.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Half', page_content: 'half' })).page_id;
    const before = target().storedFiles();
    const connectionsBefore = await target().openConnections?.();
    const { hostname, port } = new URL(base());
    const cookie = [...fx.callers.user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const upload = (route: string, field: string) =>
      Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="page_id"\r\n\r\n${pageId}\r\n`),
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="half.png"\r\n\r\n`),
        PNG,
        Buffer.alloc(route.endsWith('uploadImg') ? 600 * 1024 : 1024 * 1024, 7),
      ]);
    const halves: { route: string; type: string; head: Buffer }[] = [
      { route: '/api/page/upload', type: `multipart/form-data; boundary=${BOUNDARY}`, head: upload('/api/page/upload', 'file') },
      { route: '/api/page/uploadImg', type: `multipart/form-data; boundary=${BOUNDARY}`, head: upload('/api/page/uploadImg', 'editormd-image-file') },
      {
        route: '/api/page/save',
        type: `multipart/form-data; boundary=${BOUNDARY}`,
        head: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="page_content"\r\n\r\n${'x'.repeat(300_000)}`),
      },
      { route: '/api/page/save', type: 'application/json', head: Buffer.from(`{"item_id":${itemId},"page_content":"${'y'.repeat(300_000)}`) },
      { route: '/api/page/save', type: 'application/x-www-form-urlencoded', head: Buffer.from(`item_id=${itemId}&page_content=${'z'.repeat(300_000)}`) },
    ];
    const abort = ({ route, type, head }: (typeof halves)[number], afterMs: number) =>
      new Promise<void>((resolve) => {
        const request = http.request({
          host: hostname,
          port,
          method: 'POST',
          path: route,
          headers: { 'content-type': type, 'content-length': String(head.length * 3), cookie, ...SAME_ORIGIN, origin: base() },
        });
        request.on('error', () => resolve());
        request.on('close', () => resolve());
        request.write(head, () => setTimeout(() => request.destroy(), afterMs));
      });
    for (let round = 0; round < 4; round++) await Promise.all(halves.map((half, i) => abort(half, (round * 37 + i * 11) % 60)));

    const problems = await stillServing();
    expect(problems).toEqual([]);
    // Storage and the server let go of what the aborted calls held, soon.
    for (let i = 0; i < 100 && target().storedFiles().join() !== before.join(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(target().storedFiles()).toEqual(before);
    if (connectionsBefore !== undefined) {
      let open = await target().openConnections?.();
      for (let i = 0; i < 100 && (open ?? 0) > connectionsBefore; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        open = await target().openConnections?.();
      }
      expect(open).toBeLessThanOrEqual(connectionsBefore);
    }
    expect(ok(await fx.callers.user.post<AttachmentListEntry[]>('/api/page/uploadList', { page_id: pageId }))).toEqual([]);
    expect(ok(await fx.callers.user.post<PageInfo>('/api/page/info', { page_id: pageId })).page_content).toBe('half');
  }, 60_000);

  it("left the canary's items, catalogs, pages, member and attachment exactly as they were", async () => {
    expect(await snapshotCanary(fx.canaryOwner)).toEqual(fx.canary);
  }, 60_000);
}
