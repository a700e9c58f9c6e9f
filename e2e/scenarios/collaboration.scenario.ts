import { inflateRawSync } from 'node:zlib';
import type { AdminUserPage, ExportStatus, MemberListEntry, NoticeRow, PageInfo, PageRow, StartedExport, TeamItemMemberEntry, TeamMemberListEntry, TeamRow } from '@quire/proto';
import { ApiClient, type ApiEnvelope, eventually } from '@quire/testing';
import { SYSTEM_ADMIN_PASSWORD } from '../src/embedded-system';
import type { SystemTarget } from '../src/system-target';
import { solveCaptcha } from './auth-flow.scenario';

/** The data of a successful envelope; anything else fails the test with the envelope in the message. */
function ok<T>(envelope: ApiEnvelope<T>): T {
  expect(envelope).toMatchObject({ error_code: 0 });
  return envelope.data as T;
}

/** The text of one file of a zip archive (a .docx is one), read with zlib from its local header. */
export function zipEntryText(zip: Buffer, name: string): string {
  for (let at = zip.indexOf('PK\x03\x04'); at >= 0; at = zip.indexOf('PK\x03\x04', at + 4)) {
    const method = zip.readUInt16LE(at + 8);
    const compressed = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 30, at + 30 + nameLength) !== name) continue;
    const start = at + 30 + nameLength + extraLength;
    const bytes = zip.subarray(start, start + compressed);
    return (method === 8 ? inflateRawSync(bytes) : bytes).toString('utf8');
  }
  throw new Error(`${name} is not in the archive`);
}

/**
 * Members with rights that take effect on the next call, a team with an item and a per-member
 * right, the notices those changes send, the administrator's user list, and a Word export as a
 * job (start → status → download): what a team does together, through HTTP. Runs unchanged
 * against every target (embedded: the in-process queue; distributed: BullMQ on Redis).
 */
export function describeCollaborationFlow(target: () => SystemTarget): void {
  let owner: ApiClient;
  let ownerName: string;
  let itemId: number;
  let page: PageRow;
  const suffix = String(Date.now() % 1_000_000);

  const register = async (prefix: string): Promise<{ client: ApiClient; username: string }> => {
    const client = new ApiClient(target().baseUrl);
    const username = `${prefix}${suffix}`;
    const vCode = await solveCaptcha(target(), client);
    ok(await client.post('/api/user/register', { username, password: `${prefix}-pass`, confirm_password: `${prefix}-pass`, v_code: vCode }));
    return { client, username };
  };

  const noticeTitled = (client: ApiClient, title: string) =>
    eventually(async () => ok(await client.post<NoticeRow[]>('/api/notice/getList', { notice_type: 'unread' })).find((n) => n.notice_title === title), `the notice "${title}"`);

  const edit = (client: ApiClient, content: string) => client.post('/api/page/save', { item_id: itemId, page_id: page.page_id, page_title: 'Runbook', page_content: content });

  beforeAll(async () => {
    ({ client: owner, username: ownerName } = await register('lead'));
    itemId = ok(await owner.post<{ item_id: number }>('/api/item/add', { item_type: 1, item_name: 'Operations', password: 'team-only' })).item_id;
    page = ok(await owner.post<PageRow>('/api/page/save', { item_id: itemId, page_title: 'Runbook', page_content: '# Restart\nrun `quire restart`' }));
  });

  it('adds a member read-only, then with the edit right; each right holds on the very next call, and the member is told', async () => {
    const { client: member, username } = await register('colleague');
    expect((await member.post('/api/page/info', { page_id: page.page_id })).error_code).toBe(10303);

    ok(await owner.post('/api/member/save', { item_id: itemId, username, member_group_id: 0 }));
    expect(ok(await member.post<PageInfo>('/api/page/info', { page_id: page.page_id })).page_title).toBe('Runbook');
    expect((await edit(member, 'by a reader')).error_code).toBe(10103);

    const notice = await noticeTitled(member, 'You were added to an item');
    expect(notice).toMatchObject({ from_name: ownerName, is_read: 0 });
    expect(notice.notice_content).toContain('Operations');
    ok(await member.post('/api/notice/setRead', { notice_id: notice.notice_id }));
    expect(ok(await member.post<NoticeRow[]>('/api/notice/getList', { notice_type: 'unread' })).some((n) => n.notice_id === notice.notice_id)).toBe(false);

    const [row] = ok(await owner.post<MemberListEntry[]>('/api/member/getList', { item_id: itemId })).filter((m) => m.username === username);
    expect(row).toMatchObject({ member_group_id: 0 });
    ok(await owner.post('/api/member/delete', { item_id: itemId, item_member_id: row.item_member_id }));
    expect((await member.post('/api/page/info', { page_id: page.page_id })).error_code).toBe(10303);

    ok(await owner.post('/api/member/save', { item_id: itemId, username, member_group_id: 1 }));
    ok(await edit(member, 'checked by a colleague'));
    expect(ok(await owner.post<PageInfo>('/api/page/info', { page_id: page.page_id })).page_content).toBe('checked by a colleague');
  });

  it('gives a team an item: members read it, and the one the owner lets edit may save', async () => {
    const { client: member, username } = await register('teammate');
    const team = ok(await owner.post<TeamRow>('/api/team/save', { team_name: 'On call' }));
    ok(await owner.post('/api/teamMember/save', { team_id: team.id, member_username: username }));
    expect(await noticeTitled(member, 'You were added to a team')).toMatchObject({ from_name: ownerName });

    ok(await owner.post('/api/teamItem/save', { team_id: team.id, item_id: itemId }));
    expect(ok(await member.post<PageInfo>('/api/page/info', { page_id: page.page_id })).page_title).toBe('Runbook');
    expect((await edit(member, 'by the team')).error_code).toBe(10103);

    const rights = ok(await owner.post<TeamItemMemberEntry[]>('/api/teamItemMember/getList', { team_id: team.id, item_id: itemId }));
    expect(rights).toEqual([expect.objectContaining({ member_username: username, member_group_id: 0 })]);
    ok(await owner.post('/api/teamItemMember/save', { id: rights[0].id, member_group_id: 1 }));
    ok(await edit(member, 'updated by the on-call team'));
    expect(ok(await member.post<PageInfo>('/api/page/info', { page_id: page.page_id })).page_content).toBe('updated by the on-call team');
    // Taking the edit right back refuses the very next save, however often the member just saved.
    ok(await edit(member, 'a second edit by the team'));
    ok(await owner.post('/api/teamItemMember/save', { id: rights[0].id, member_group_id: 0 }));
    expect((await edit(member, 'after the right was lowered')).error_code).toBe(10103);
    ok(await owner.post('/api/teamItemMember/save', { id: rights[0].id, member_group_id: 1 }));
    ok(await edit(member, 'updated by the on-call team'));

    // Leaving the team takes the right away on the very next read, however often the page was just read.
    const memberships = ok(await owner.post<TeamMemberListEntry[]>('/api/teamMember/getList', { team_id: team.id }));
    const membership = memberships.find((m) => m.member_username === username) as TeamMemberListEntry;
    for (let i = 0; i < 3; i++) ok(await member.post('/api/page/info', { page_id: page.page_id }));
    ok(await owner.post('/api/teamMember/delete', { id: membership.id }));
    expect((await member.post('/api/page/info', { page_id: page.page_id })).error_code).toBe(10303);
    expect((await edit(member, 'after leaving the team')).error_code).toBe(10103);
  });

  it('lets the administrator find users and add one, who can then log in', async () => {
    const admin = new ApiClient(target().baseUrl);
    ok(await admin.post('/api/user/login', { username: 'showdoc', password: SYSTEM_ADMIN_PASSWORD }));
    const listed = ok(await admin.post<AdminUserPage>('/api/adminUser/getList', { username: ownerName, page: 1, count: 10 }));
    expect(listed.users.map((u) => u.username)).toEqual([ownerName]);
    expect(JSON.stringify(listed)).not.toMatch(/password/);

    const newcomer = `newcomer${suffix}`;
    ok(await admin.post('/api/adminUser/addUser', { username: newcomer, password: 'welcome-1' }));
    expect(ok(await admin.post<AdminUserPage>('/api/adminUser/getList', { username: newcomer, page: 1, count: 10 })).total).toBe(1);
    const login = await new ApiClient(target().baseUrl).post<{ username: string }>('/api/user/login', { username: newcomer, password: 'welcome-1' });
    expect(login).toMatchObject({ error_code: 0, data: { username: newcomer } });

    expect(await owner.post('/api/adminUser/getList', {})).toEqual({ error_code: 10103, error_message: 'No permissions' });
  });

  it('exports the item to Word as a job: start, follow its progress, download the file', async () => {
    await owner.post('/api/page/save', { item_id: itemId, page_title: 'Escalation', page_content: 'Call the **lead**' });
    const { job_id: jobId } = ok(await owner.post<StartedExport>('/api/export/start', { item_id: itemId, format: 'word' }));
    expect(jobId).toMatch(/^[a-f0-9]{24}$/);

    const done = await eventually(async () => {
      const status = ok(await owner.post<ExportStatus>('/api/export/status', { job_id: jobId }));
      expect(['waiting', 'active', 'completed']).toContain(status.state);
      return status.state === 'completed' ? status : undefined;
    }, 'the export');
    expect(done).toMatchObject({ job_id: jobId, format: 'word', progress: 100 });

    const file = await owner.request(`/api/export/download?job_id=${jobId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="Operations\.docx"/);
    const documentXml = zipEntryText(file.body, 'word/document.xml');
    expect(documentXml).toContain('Runbook');
    expect(documentXml).toContain('Escalation');

    const stranger = (await register('outsider')).client;
    expect((await stranger.post('/api/export/status', { job_id: jobId })).error_code).toBe(10103);
    expect((await stranger.post('/api/export/start', { item_id: itemId })).error_code).not.toBe(0);
  });
}
