import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { ItemTokenRow, LoggedInUser } from '@quire/proto';
import { ApiClient, type ApiEnvelope } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { newAccount, signIn, totp } from './two-factor.scenario';

/** The secrets a user hands Quire, each a unique text to look for afterwards. */
export interface PlantedSecrets {
  sessionToken: string;
  visitPassword: string;
  apiKey: string;
  apiToken: string;
  /** A scoped share link's key and password. */
  shareKey: string;
  sharePassword: string;
  /** A personal API token (issue 21), used once. */
  personalToken: string;
  /** A user's TOTP secret (issue 21), and one of the recovery codes enrolment gave. */
  totpSecret: string;
  recoveryCode: string;
  /** A webhook's signing secret (shown once) and the token in its URL (issue 20). */
  webhookSecret: string;
  webhookUrlToken: string;
  itemId: number;
}

function ok<T>(reply: ApiEnvelope<T>): T {
  expect(reply).toMatchObject({ error_code: 0 });
  return reply.data as T;
}

/**
 * Through HTTP, as people and scripts do it: the administrator logs in, gives an item a visit
 * password (set, then changed) and an open-API token, a script writes a page with the token and a
 * visitor opens the item with the password.
 */
export async function plantSecrets(target: SystemTarget): Promise<PlantedSecrets> {
  const admin = new ApiClient(target.baseUrl);
  const login = ok(await admin.post<LoggedInUser>('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
  const visitPassword = `visit-${randomBytes(8).toString('hex')}`;
  const { item_id: itemId } = ok(await admin.post<{ item_id: number }>('/api/item/add', { item_name: 'Vault', password: `first-${visitPassword}` }));
  ok(await admin.post('/api/item/update', { item_id: itemId, password: visitPassword }));
  ok(await admin.post('/api/page/save', { item_id: itemId, page_title: 'Inside', page_content: 'only for those who know the password' }));
  const key = ok(await admin.post<ItemTokenRow>('/api/item/getKey', { item_id: itemId }));

  const script = new ApiClient(target.baseUrl);
  ok(await script.post('/api/item/updateByApi', { api_key: key.api_key, api_token: key.api_token, page_title: 'Written by a script', page_content: 'v1' }));
  const visitor = new ApiClient(target.baseUrl);
  ok(await visitor.post('/api/item/pwd', { item_id: itemId, password: visitPassword }));

  expect(ok(await admin.post<{ password: string }>('/api/item/detail', { item_id: itemId })).password).toBe(visitPassword);
  const sharePassword = `share-${randomBytes(8).toString('hex')}`;
  const { share_key: shareKey } = ok(await admin.post<{ share_key: string }>('/api/share/create', { item_id: itemId, password: sharePassword }));
  // Shown again to the item's editors, and opened by a stranger with the password.
  expect(ok(await admin.post<{ share_key: string }[]>('/api/share/list', { item_id: itemId })).map((link) => link.share_key)).toEqual([shareKey]);
  ok(await new ApiClient(target.baseUrl).post('/api/share/info', { share_key: shareKey, password: sharePassword }));
  const { token: personalToken } = ok(await admin.post<{ token: string }>('/api/token/create', { name: 'backup script', scope: 'read', expire_days: 30 }));
  const bearer = await new ApiClient(target.baseUrl).request('/api/item/myList', { method: 'POST', headers: { authorization: `Bearer ${personalToken}` } });
  expect(bearer.json()).toMatchObject({ error_code: 0 });
  // A public address (no DNS here) and an event that never comes in the test: nothing is sent to it.
  const webhookUrlToken = `hook-${randomBytes(8).toString('hex')}`;
  const { secret: webhookSecret } = ok(
    await admin.post<{ secret: string }>('/api/webhook/create', { item_id: itemId, url: `https://93.184.215.14/hooks?token=${webhookUrlToken}`, events: 'item.archive' }),
  );
  expect(ok(await admin.post<{ url: string }[]>('/api/webhook/list', { item_id: itemId }))[0].url).toContain(webhookUrlToken);
  // Issue 21: a user's TOTP secret (encrypted at rest) and a recovery code (hashed), used for a sign-in.
  const { username: enrolled, password } = await newAccount(target, 'totp');
  const member = await signIn(target, enrolled, password);
  const { secret: totpSecret } = ok(await member.post<{ secret: string }>('/api/twoFactor/setup'));
  const { recovery_codes } = ok(await member.post<{ recovery_codes: string[] }>('/api/twoFactor/enable', { code: await totp(totpSecret) }));
  await signIn(target, enrolled, password, totpSecret);
  return {
    sessionToken: login.user_token,
    visitPassword,
    apiKey: key.api_key,
    apiToken: key.api_token,
    shareKey,
    sharePassword,
    personalToken,
    webhookSecret,
    webhookUrlToken,
    totpSecret,
    recoveryCode: recovery_codes[0],
    itemId,
  };
}

/** Which of the secrets the text holds (the first visit password too: an overwritten secret must be gone as well). */
export function leakedIn(text: string, secrets: PlantedSecrets): string[] {
  const named: Record<string, string> = {
    'session token': secrets.sessionToken,
    'visit password': secrets.visitPassword,
    'api token': secrets.apiToken,
    'share link key': secrets.shareKey,
    'share link password': secrets.sharePassword,
    'personal API token': secrets.personalToken,
    'webhook secret': secrets.webhookSecret,
    'webhook URL token': secrets.webhookUrlToken,
    'TOTP secret': secrets.totpSecret,
    'recovery code': secrets.recoveryCode,
    'recovery code (as hashed)': secrets.recoveryCode.replace('-', ''),
  };
  return Object.entries(named)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}

export interface ScannedTree {
  /** Every regular file: its path, permission bits and content (raw bytes as latin1, plus the gunzipped text of a gzip file). */
  files: { file: string; mode: number; content: string }[];
  /** The root and every directory below it, with their permission bits. */
  dirs: { dir: string; mode: number }[];
}

/** Reads every file under `root` as it lies on the disk. */
export function scanTree(root: string): ScannedTree {
  const scanned: ScannedTree = { files: [], dirs: [{ dir: root, mode: fs.statSync(root).mode & 0o777 }] };
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const mode = fs.lstatSync(full).mode & 0o777;
    if (entry.isDirectory()) {
      scanned.dirs.push({ dir: full, mode });
    } else if (entry.isFile()) {
      const bytes = fs.readFileSync(full);
      let content = bytes.toString('latin1');
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) content += gunzipSync(bytes).toString('latin1');
      scanned.files.push({ file: full, mode, content });
    }
  }
  return scanned;
}

/** The files and directories that others than Quire's own user may read or enter (expected: none). */
export function openToOthers(tree: ScannedTree): string[] {
  return [
    ...tree.files.filter((f) => f.mode !== 0o600).map((f) => `${f.file} ${f.mode.toString(8)}`),
    ...tree.dirs.filter((d) => d.mode !== 0o700).map((d) => `${d.dir} ${d.mode.toString(8)}`),
  ];
}

/** The files that hold any of the secrets, with the secrets each holds (expected: none). */
export function filesLeaking(tree: ScannedTree, secrets: PlantedSecrets): string[] {
  return tree.files.flatMap((f) => {
    const found = leakedIn(f.content, secrets);
    return found.length > 0 ? [`${f.file}: ${found.join(', ')}`] : [];
  });
}
