import { createHash } from 'node:crypto';
import { DocumentStore } from '@quire/platform';
import { AppError, type EditConflictData, ErrorCode, MemberGroup, type PageHistoryRow, type PageInfo, type PageRow, Subject } from '@quire/proto';
import { bootPageApp, failure, PageWorld, type User } from './page.factory';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A page two people opened: an API description with three sections. */
const BASE = [
  '# Orders <API>',
  '',
  'Creates & lists orders.',
  '',
  '## Request',
  '',
  '| field | type |',
  '|---|---|',
  '| item_id | int |',
  '',
  '## Errors',
  '',
  'See the common table.',
  '',
].join('\n');

describe('page service: saves on a base (content_hash / base_hash)', () => {
  let world: PageWorld;
  let owner: User;
  let editor: User;

  beforeAll(async () => {
    world = new PageWorld(await bootPageApp());
    owner = await world.user();
    editor = await world.user();
  });
  afterAll(() => world.ctx.close());

  /** A page of a new item, holding BASE; `editor` may edit it. */
  async function basePage(): Promise<PageRow> {
    const itemId = await world.item(owner);
    await world.member(itemId, editor, MemberGroup.Edit);
    return world.save(owner, { item_id: itemId, page_title: 'Orders', page_content: BASE });
  }

  const info = (pageId: number) => world.send<PageInfo>(Subject.PagePageInfo, owner, { page_id: pageId });
  const history = (pageId: number) => world.send<PageHistoryRow[]>(Subject.PagePageHistory, owner, { page_id: pageId });
  const stored = (pageId: number) => world.ctx.app.get(DocumentStore).collection<PageRow>('pages').findOne({ page_id: pageId });

  /** The error a save failed with, data included. */
  async function refusal(call: Promise<unknown>): Promise<AppError> {
    try {
      await call;
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    throw new Error('expected the save to be refused');
  }

  it('answers content_hash: the SHA-256 of the raw Markdown, not of the escaped text page/info shows', async () => {
    const page = await basePage();
    const read = await info(page.page_id);
    expect(read.page_content).toContain('Creates &amp; lists orders.');
    expect(read.content_hash).toBe(sha(BASE));
  });

  it('saves on the current hash as any save does, and the hash follows the new content', async () => {
    const page = await basePage();
    const changed = BASE.replace('Creates & lists orders.', 'Creates, lists & cancels orders.');
    const saved = await world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: changed, base_hash: sha(BASE) });
    expect(saved.page_content).toContain('Creates, lists &amp; cancels orders.');
    expect((await info(page.page_id)).content_hash).toBe(sha(changed));
    expect((await history(page.page_id)).map((row) => row.page_content)).toEqual([BASE]);
  });

  it('merges two saves from the same base that change different lines, and history keeps both versions', async () => {
    const page = await basePage();
    const first = BASE.replace('| item_id | int |', '| item_id | int |\n| count | int |');
    const second = BASE.replace('See the common table.', 'See the common table.\n\n10403: no right.');
    await world.save(owner, { page_id: page.page_id, page_title: 'Orders', page_content: first, base_hash: sha(BASE) });
    const saved = await world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: second, base_hash: sha(BASE) });

    const merged = first.replace('See the common table.', 'See the common table.\n\n10403: no right.');
    expect(saved.page_content).toContain('| count | int |');
    expect(saved.page_content).toContain('10403: no right.');
    expect((await stored(page.page_id))?.page_content).toBe(merged);
    expect((await info(page.page_id)).content_hash).toBe(sha(merged));
    expect((await history(page.page_id)).map((row) => [row.author_uid, row.page_content])).toEqual([
      [owner.uid, first],
      [owner.uid, BASE],
    ]);
  });

  it('merges saves sent at the same moment from the same base', async () => {
    const page = await basePage();
    const edits = [BASE.replace('# Orders <API>', '# Orders <API> v2'), BASE.replace('Creates & lists orders.', 'Creates & lists the orders of a shop.')];
    await Promise.all([owner, editor].map((user, i) => world.save(user, { page_id: page.page_id, page_title: 'Orders', page_content: edits[i], base_hash: sha(BASE) })));
    const merged = edits[0].replace('Creates & lists orders.', 'Creates & lists the orders of a shop.');
    expect((await info(page.page_id)).content_hash).toBe(sha(merged));
    expect(await history(page.page_id)).toHaveLength(2);
  });

  it('merges a save on a base that history keeps, two versions back', async () => {
    const page = await basePage();
    const v2 = BASE.replace('## Request', '## Request body');
    const v3 = v2.replace('## Errors', '## Error codes');
    await world.save(owner, { page_id: page.page_id, page_title: 'Orders', page_content: v2 });
    await world.save(owner, { page_id: page.page_id, page_title: 'Orders', page_content: v3 });
    const late = BASE.replace('See the common table.', 'See the shared error table.');
    await world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: late, base_hash: sha(BASE) });
    expect((await info(page.page_id)).content_hash).toBe(sha(v3.replace('See the common table.', 'See the shared error table.')));
  });

  it('refuses a save that changed the same line differently with 10409 and both versions, the page unchanged', async () => {
    const page = await basePage();
    const theirs = BASE.replace('Creates & lists orders.', 'Creates, lists & cancels orders.');
    const mine = BASE.replace('Creates & lists orders.', 'Creates & lists the orders of a shop.');
    await world.save(owner, { page_id: page.page_id, page_title: 'Orders', page_content: theirs, base_hash: sha(BASE) });

    const error = await refusal(world.save(editor, { page_id: page.page_id, page_title: 'Renamed', page_content: mine, base_hash: sha(BASE) }));

    expect({ code: error.code, key: error.key }).toEqual({ code: ErrorCode.EditConflict, key: 'page_edit_conflict' });
    expect(error.data).toEqual({ current_content: theirs, current_hash: sha(theirs), your_content: mine } satisfies EditConflictData);
    const read = await info(page.page_id);
    expect([read.page_title, read.content_hash]).toEqual(['Orders', sha(theirs)]);
    expect(await history(page.page_id)).toHaveLength(1);
  });

  it('refuses a base the page never had with 10409 and both versions (it cannot be merged safely)', async () => {
    const page = await basePage();
    const other = await basePage();
    const elsewhere = BASE.replace('## Errors', '## Failures');
    await world.save(owner, { page_id: other.page_id, page_title: 'Orders', page_content: elsewhere });
    const mine = BASE.replace('## Request', '## Input');

    for (const base of [sha('never saved'), sha(BASE.replace('Orders', 'Other')), sha(elsewhere)]) {
      const error = await refusal(world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: mine, base_hash: base }));
      expect({ code: error.code, key: error.key, data: error.data }).toEqual({
        code: ErrorCode.EditConflict,
        key: 'page_edit_base_unknown',
        data: { current_content: BASE, current_hash: sha(BASE), your_content: mine },
      });
    }
    expect((await info(page.page_id)).content_hash).toBe(sha(BASE));
  });

  it('answers a malformed base_hash with the validation code and a readable message, saving nothing', async () => {
    const page = await basePage();
    for (const bad of ['abc', sha(BASE).slice(1), `${sha(BASE)}0`, 'z'.repeat(64), ` ${sha(BASE)}`]) {
      expect(await failure(world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: 'overwritten', base_hash: bad }))).toEqual({
        code: ErrorCode.Validation,
        key: 'page_base_hash_invalid',
      });
    }
    expect(await failure(world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: 'overwritten', base_hash: [sha(BASE)] }))).toEqual({
      code: ErrorCode.Validation,
      key: 'param_not_text',
    });
    expect((await info(page.page_id)).content_hash).toBe(sha(BASE));
  });

  it('accepts the hash in capitals', async () => {
    const page = await basePage();
    await world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: `${BASE}More.\n`, base_hash: sha(BASE).toUpperCase() });
    expect((await info(page.page_id)).content_hash).toBe(sha(`${BASE}More.\n`));
  });

  it('lets the last writer win when no base is sent, the overwritten text kept in history', async () => {
    const page = await basePage();
    const theirs = BASE.replace('Creates & lists orders.', 'Creates, lists & cancels orders.');
    await world.save(owner, { page_id: page.page_id, page_title: 'Orders', page_content: theirs });
    await world.save(editor, { page_id: page.page_id, page_title: 'Orders', page_content: 'Replaced.', base_hash: '' });
    expect((await info(page.page_id)).content_hash).toBe(sha('Replaced.'));
    expect((await history(page.page_id)).map((row) => row.page_content)).toEqual([theirs, BASE]);
  });
});
