import { randomBytes } from 'node:crypto';
import { BlobStorage, DocumentStore } from '@quire/platform';
import { type AttachmentListEntry, type Caller, MemberGroup, type Reply, Subject, type UploadedFile, type UploadedReply, sniffContentType } from '@quire/proto';
import { type ContextApp, createContextApp, createUser, testCaller } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { ItemRepository } from '../../item/src/item/item.repository';
import { MemberRepository } from '../../item/src/member/member.repository';
import { AttachmentModule } from '../src/attachment/attachment.module';
import { AttachmentService } from '../src/attachment/attachment.service';
import type { AttachmentEntity } from '../src/attachment/attachment.entity';
import { PageModule } from '../src/page.module';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(600)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<html><body onload="alert(1)"></body></html>');
const PDF = Buffer.from('%PDF-1.7\n%fake');

describe(AttachmentService.name, () => {
  let ctx: ContextApp;
  let blobs: BlobStorage;
  let sut: AttachmentService;

  const send = <T>(subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Record<string, unknown>) => ctx.relay<T>(subject, { caller, params });

  /** What the gateway does before it forwards an upload: the bytes go into BlobStorage under a fresh key. */
  const stored = async (bytes: Buffer, name: string): Promise<UploadedFile> => {
    const key = `uploads/2025/06/${randomBytes(16).toString('hex')}`;
    const detectedType = sniffContentType(bytes.subarray(0, 512));
    await blobs.put(key, bytes, detectedType);
    return { key, name, size: bytes.length, detectedType };
  };

  const rows = (filter: Partial<AttachmentEntity> = {}) => ctx.app.get(DocumentStore).collection<AttachmentEntity>('attachments').find(filter);

  const newItem = async (owner: Caller, password = ''): Promise<number> =>
    (await send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_type: 1, item_name: 'Docs', password })).item_id;

  const newPage = async (owner: Caller, itemId: number): Promise<number> =>
    (await send<{ page_id: number }>(Subject.PagePageSave, owner, { item_id: itemId, page_title: 'Intro', page_content: 'hello' })).page_id;

  const addMember = async (itemId: number, member: Caller, group: MemberGroup) =>
    ctx.app.get(MemberRepository).add({ item_id: itemId, uid: member.uid, username: member.username, member_group_id: group, addtime: 0 });

  const bodyOf = (reply: Reply): unknown => JSON.parse(Buffer.from(reply.raw?.base64 ?? '', 'base64').toString('utf8'));

  const signOf = (url: string): string => /sign=([a-f0-9]{32})$/.exec(url)?.[1] ?? '';

  beforeAll(async () => {
    ctx = await createContextApp([AuthModule, ItemModule, PageModule, AttachmentModule]);
    blobs = ctx.app.get(BlobStorage);
    sut = ctx.app.get(AttachmentService);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  describe('page/uploadImg', () => {
    it('records a pasted image under the page, typed by its bytes and named blob.jpg', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      const file = await stored(PNG, 'blob');

      const reply = await send<UploadedReply>(Subject.PageAttachmentUploadImage, owner, { page_id: String(pageId), file });

      expect(reply).toEqual({ success: 1, url: expect.stringMatching(/^\/server\/index\.php\?s=\/api\/attachment\/visitFile&sign=[a-f0-9]{32}$/) });
      expect(await rows({ blob_key: file.key })).toEqual([
        expect.objectContaining({ item_id: itemId, page_id: pageId, uid: owner.uid, display_name: 'blob.jpg', content_type: 'image/png', file_size: PNG.length, sign: signOf(reply.url) }),
      ]);
    });

    it('takes an image before the page exists: edit right on item_id if given, else only a login', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const stranger = await createUser(ctx.app);

      await send(Subject.PageAttachmentUploadImage, owner, { item_id: itemId, file: await stored(PNG, 'a.png') });
      const loose = await stored(PNG, 'b.png');
      await send(Subject.PageAttachmentUploadImage, stranger, { file: loose });
      const refused = await stored(PNG, 'c.png');

      await expect(send(Subject.PageAttachmentUploadImage, stranger, { item_id: itemId, file: refused })).rejects.toMatchObject({ code: 10103, key: 'no_permission' });
      expect(await rows({ item_id: itemId })).toHaveLength(1);
      expect(await rows({ blob_key: loose.key })).toEqual([expect.objectContaining({ item_id: 0, page_id: 0, uid: stranger.uid })]);
      expect(await rows({ blob_key: refused.key })).toEqual([]);
    });

    it.each([
      ['SVG', SVG],
      ['HTML', HTML],
      ['PDF', PDF],
    ])('refuses %s whatever its name says', async (_label, bytes) => {
      const owner = await createUser(ctx.app);
      const file = await stored(bytes, 'picture.png');

      await expect(send(Subject.PageAttachmentUploadImage, owner, { file })).rejects.toMatchObject({ code: 10101, key: 'attachment_image_type' });
      expect(await rows({ blob_key: file.key })).toEqual([]);
    });

    it('needs a login, a file, and ids that are numbers', async () => {
      const owner = await createUser(ctx.app);
      await expect(send(Subject.PageAttachmentUploadImage, testCaller(), { file: await stored(PNG, 'a.png') })).rejects.toMatchObject({ code: 10102 });
      await expect(send(Subject.PageAttachmentUploadImage, owner, {})).rejects.toMatchObject({ code: 10101, key: 'attachment_no_file' });
      await expect(send(Subject.PageAttachmentUploadImage, owner, { page_id: 'abc', file: await stored(PNG, 'a.png') })).rejects.toMatchObject({
        code: 10101,
        key: 'param_not_integer',
        params: expect.objectContaining({ name: 'page_id' }),
      });
      await expect(send(Subject.PageAttachmentUploadImage, owner, { page_id: -3 })).rejects.toMatchObject({ key: 'param_out_of_range' });
    });

    it('refuses a page that does not exist', async () => {
      const owner = await createUser(ctx.app);
      await expect(send(Subject.PageAttachmentUploadImage, owner, { page_id: 999_999, file: await stored(PNG, 'a.png') })).rejects.toMatchObject({
        code: 10101,
        key: 'page_not_found',
      });
    });
  });

  describe('page/upload', () => {
    it('records any type on a saved page of an editable item and answers the raw {url, success}', async () => {
      const owner = await createUser(ctx.app);
      const editor = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      await addMember(itemId, editor, MemberGroup.Edit);
      const file = await stored(SVG, 'logo.svg');

      const reply = await send<Reply>(Subject.PageAttachmentUpload, editor, { item_id: itemId, page_id: pageId, file });

      expect(reply.raw?.contentType).toMatch(/^application\/json/);
      expect(bodyOf(reply)).toEqual({ success: 1, url: expect.stringContaining('&sign=') });
      expect(await rows({ blob_key: file.key })).toEqual([expect.objectContaining({ content_type: 'image/svg+xml', display_name: 'logo.svg', uid: editor.uid })]);
    });

    it('asks for the page to be saved first (page_id 0)', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      await expect(send(Subject.PageAttachmentUpload, owner, { item_id: itemId, page_id: 0, file: await stored(PNG, 'a.png') })).rejects.toMatchObject({
        code: 10103,
        key: 'attachment_save_page_first',
      });
    });

    it('refuses read-only members, strangers and archived items', async () => {
      const owner = await createUser(ctx.app);
      const reader = await createUser(ctx.app);
      const stranger = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      await addMember(itemId, reader, MemberGroup.ReadOnly);

      for (const caller of [reader, stranger]) {
        await expect(send(Subject.PageAttachmentUpload, caller, { page_id: pageId, file: await stored(PDF, 'a.pdf') })).rejects.toMatchObject({ code: 10103 });
      }
      await ctx.app.get(ItemRepository).archive(itemId);
      await expect(send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(PDF, 'a.pdf') })).rejects.toMatchObject({
        code: 10103,
        key: 'page_item_archived',
      });
      expect(await rows({ page_id: pageId })).toEqual([]);
    });

    it('takes the item from the page, not from the request', async () => {
      const owner = await createUser(ctx.app);
      const other = await createUser(ctx.app);
      const victimItem = await newItem(owner);
      const victimPage = await newPage(owner, victimItem);
      const ownItem = await newItem(other);

      await expect(send(Subject.PageAttachmentUpload, other, { item_id: ownItem, page_id: victimPage, file: await stored(PDF, 'x.pdf') })).rejects.toMatchObject({
        code: 10103,
      });
      expect(await rows({ page_id: victimPage })).toEqual([]);
    });

    it('binds a stored file once, and refuses a key that holds nothing or is not an upload', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      const file = await stored(PDF, 'a.pdf');
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file });

      await expect(send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file })).rejects.toMatchObject({ code: 10101, key: 'attachment_no_file' });
      const missing = { ...file, key: `uploads/2025/06/${'0'.repeat(32)}` };
      await expect(send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: missing })).rejects.toMatchObject({ key: 'attachment_no_file' });
      const outside = { ...file, key: 'history/abc' };
      await expect(send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: outside })).rejects.toMatchObject({
        key: 'param_invalid',
        params: expect.objectContaining({ name: 'file' }),
      });
      expect(await rows({ page_id: pageId })).toHaveLength(1);
    });
  });

  describe('page/uploadList', () => {
    it("lists a page's files newest first, names escaped, times formatted", async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(PDF, 'first.pdf') });
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(PNG, '<img onerror=x>.png') });

      const list = await send<AttachmentListEntry[]>(Subject.PageAttachmentList, testCaller(), { page_id: pageId });

      expect(list.map((entry) => entry.display_name)).toEqual(['&lt;img onerror=x&gt;.png', 'first.pdf']);
      expect(list[0]).toEqual({
        file_id: expect.any(Number),
        display_name: '&lt;img onerror=x&gt;.png',
        url: expect.stringContaining('visitFile&sign='),
        addtime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      expect(await sut.countByPage(pageId)).toBe(2);
    });

    it('answers 10303 for a private item the visitor has not unlocked, and lists for members', async () => {
      const owner = await createUser(ctx.app);
      const reader = await createUser(ctx.app);
      const itemId = await newItem(owner, 'pw-1');
      const pageId = await newPage(owner, itemId);
      await addMember(itemId, reader, MemberGroup.ReadOnly);
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(PDF, 'a.pdf') });

      await expect(send(Subject.PageAttachmentList, testCaller(), { page_id: pageId })).rejects.toMatchObject({ code: 10303 });
      await expect(send(Subject.PageAttachmentList, await createUser(ctx.app), { page_id: pageId })).rejects.toMatchObject({ code: 10303 });
      expect(await send<AttachmentListEntry[]>(Subject.PageAttachmentList, reader, { page_id: pageId })).toHaveLength(1);
    });

    it('refuses page 0, a missing page and a non-numeric id', async () => {
      await expect(send(Subject.PageAttachmentList, testCaller(), { page_id: 0 })).rejects.toMatchObject({ code: 10103, key: 'attachment_save_page_first' });
      await expect(send(Subject.PageAttachmentList, testCaller(), { page_id: 987_654 })).rejects.toMatchObject({ code: 10101, key: 'page_not_found' });
      await expect(send(Subject.PageAttachmentList, testCaller(), { page_id: '1 OR 1' })).rejects.toMatchObject({ key: 'param_not_integer' });
    });
  });

  describe('attachment/visitFile', () => {
    const visit = (caller: Caller, url: string) => send<Reply>(Subject.PageAttachmentVisit, caller, { sign: signOf(url) });

    it('shows images inline and sends everything else as a download, active content as octet-stream', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      const urls: Record<string, string> = {};
      for (const [name, bytes] of [
        ['a.png', PNG],
        ['b.svg', SVG],
        ['c.html', HTML],
        ['d.pdf', PDF],
      ] as const) {
        urls[name] = (bodyOf(await send<Reply>(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(bytes, name) })) as UploadedReply).url;
      }

      expect((await visit(testCaller(), urls['a.png'])).blob).toEqual({ key: expect.stringMatching(/^uploads\//), contentType: 'image/png', filename: 'a.png', inline: true });
      expect((await visit(testCaller(), urls['b.svg'])).blob).toMatchObject({ contentType: 'application/octet-stream', filename: 'b.svg', inline: false });
      expect((await visit(testCaller(), urls['c.html'])).blob).toMatchObject({ contentType: 'application/octet-stream', inline: false });
      expect((await visit(testCaller(), urls['d.pdf'])).blob).toMatchObject({ contentType: 'application/pdf', inline: false });
    });

    it('answers 10101 for an unknown or malformed sign', async () => {
      await expect(send(Subject.PageAttachmentVisit, testCaller(), { sign: 'f'.repeat(32) })).rejects.toMatchObject({ code: 10101, key: 'attachment_not_found' });
      await expect(send(Subject.PageAttachmentVisit, testCaller(), { sign: '../../etc/passwd' })).rejects.toMatchObject({ code: 10101, key: 'attachment_not_found' });
      await expect(send(Subject.PageAttachmentVisit, testCaller(), {})).rejects.toMatchObject({ code: 10101, key: 'attachment_not_found' });
    });

    it('follows the visit right of the private item, unlocked per browser', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner, 'pw-2');
      const pageId = await newPage(owner, itemId);
      const { url } = bodyOf(await send<Reply>(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(PNG, 'a.png') })) as UploadedReply;
      const browser = testCaller();

      await expect(visit(browser, url)).rejects.toMatchObject({ code: 10303 });
      await expect(visit(await createUser(ctx.app), url)).rejects.toMatchObject({ code: 10303 });
      await send(Subject.ItemItemPwd, browser, { item_id: itemId, password: 'pw-2' });
      expect((await visit(browser, url)).blob).toMatchObject({ inline: true });
      expect((await visit(owner, url)).blob).toMatchObject({ inline: true });
    });

    it('shows the reader of a shared page the files that page links, and nothing else of the private item', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner, 'pw-3');
      const pageId = await newPage(owner, itemId);
      const upload = async (name: string) => (bodyOf(await send<Reply>(Subject.PageAttachmentUpload, owner, { page_id: pageId, file: await stored(PNG, name) })) as UploadedReply).url;
      const shown = await upload('shown.png');
      const other = await upload('other.png');
      await send(Subject.PagePageSave, owner, { page_id: pageId, item_id: itemId, page_title: 'Intro', page_content: `![diagram](${shown})` });
      const { unique_key } = await send<{ unique_key: string }>(Subject.PagePageCreateSinglePage, owner, { page_id: pageId, isCreateSiglePage: 'true' });
      const reader = testCaller();
      const visitShared = (url: string, key: string) => send<Reply>(Subject.PageAttachmentVisit, reader, { sign: signOf(url), unique_key: key });

      expect((await visitShared(shown, unique_key)).blob).toMatchObject({ filename: 'shown.png', inline: true });
      await expect(visitShared(other, unique_key)).rejects.toMatchObject({ code: 10303 });
      await expect(visitShared(shown, 'f'.repeat(32))).rejects.toMatchObject({ code: 10303 });
      await expect(visit(reader, shown)).rejects.toMatchObject({ code: 10303 });

      await send(Subject.PagePageCreateSinglePage, owner, { page_id: pageId, isCreateSiglePage: 'false' });
      await expect(visitShared(shown, unique_key)).rejects.toMatchObject({ code: 10303 });
    });

    it("opens through a share link no file of another item, whatever sign the shared page's text holds", async () => {
      const owner = await createUser(ctx.app);
      const privateItem = await newItem(owner, 'pw-4');
      const privatePage = await newPage(owner, privateItem);
      const secret = (bodyOf(await send<Reply>(Subject.PageAttachmentUpload, owner, { page_id: privatePage, file: await stored(PDF, 'salaries.pdf') })) as UploadedReply).url;
      const pasted = (await send<UploadedReply>(Subject.PageAttachmentUploadImage, owner, { item_id: privateItem, file: await stored(PNG, 'plan') })).url;

      // Someone who once saw the links writes them into a page of their own and shares it.
      const thief = await createUser(ctx.app);
      const ownItem = await newItem(thief, 'pw-5');
      const bait = await newPage(thief, ownItem);
      const ownImage = (await send<UploadedReply>(Subject.PageAttachmentUploadImage, thief, { page_id: bait, file: await stored(PNG, 'mine') })).url;
      await send(Subject.PagePageSave, thief, { page_id: bait, item_id: ownItem, page_title: 'Links', page_content: `[a](${secret}) ![b](${pasted}) ![c](${ownImage})` });
      const { unique_key } = await send<{ unique_key: string }>(Subject.PagePageCreateSinglePage, thief, { page_id: bait, isCreateSiglePage: 'true' });
      const anonymous = testCaller();
      const visitShared = (url: string) => send<Reply>(Subject.PageAttachmentVisit, anonymous, { sign: signOf(url), unique_key });

      await expect(visitShared(secret)).rejects.toMatchObject({ code: 10303 });
      await expect(visitShared(pasted)).rejects.toMatchObject({ code: 10303 });
      expect((await visitShared(ownImage)).blob).toMatchObject({ contentType: 'image/png', inline: true });
    });
  });

  describe('page/deleteUploadFile', () => {
    it('deletes blob and row for an editor, and refuses readers and strangers', async () => {
      const owner = await createUser(ctx.app);
      const reader = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageId = await newPage(owner, itemId);
      await addMember(itemId, reader, MemberGroup.ReadOnly);
      const file = await stored(PDF, 'a.pdf');
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageId, file });
      const [row] = await rows({ blob_key: file.key });

      for (const caller of [reader, await createUser(ctx.app)]) {
        await expect(send(Subject.PageAttachmentDelete, caller, { file_id: row.file_id })).rejects.toMatchObject({ code: 10103 });
      }
      expect(await send(Subject.PageAttachmentDelete, owner, { file_id: row.file_id })).toEqual([]);

      expect(await rows({ file_id: row.file_id })).toEqual([]);
      expect(await blobs.stat(file.key)).toBeNull();
    });

    it('lets only the uploader delete an image that belongs to no item', async () => {
      const uploader = await createUser(ctx.app);
      const file = await stored(PNG, 'a.png');
      await send(Subject.PageAttachmentUploadImage, uploader, { file });
      const [row] = await rows({ blob_key: file.key });

      await expect(send(Subject.PageAttachmentDelete, await createUser(ctx.app), { file_id: row.file_id })).rejects.toMatchObject({ code: 10103 });
      expect(await send(Subject.PageAttachmentDelete, uploader, { file_id: row.file_id })).toEqual([]);
      expect(await blobs.stat(file.key)).toBeNull();
    });

    it('refuses a missing, unknown or non-numeric file_id', async () => {
      const user = await createUser(ctx.app);
      await expect(send(Subject.PageAttachmentDelete, user, {})).rejects.toMatchObject({ code: 10101, key: 'param_required' });
      await expect(send(Subject.PageAttachmentDelete, user, { file_id: 424_242 })).rejects.toMatchObject({ code: 10101, key: 'attachment_not_found' });
      await expect(send(Subject.PageAttachmentDelete, user, { file_id: '1e3' })).rejects.toMatchObject({ key: 'param_not_integer' });
    });
  });

  describe('purges', () => {
    it('removes the blobs and rows of a purged item, and of purged pages', async () => {
      const owner = await createUser(ctx.app);
      const itemId = await newItem(owner);
      const pageA = await newPage(owner, itemId);
      const otherItem = await newItem(owner);
      const pageB = await newPage(owner, otherItem);
      const a = await stored(PDF, 'a.pdf');
      const b = await stored(PDF, 'b.pdf');
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageA, file: a });
      await send(Subject.PageAttachmentUpload, owner, { page_id: pageB, file: b });

      await sut.purgeItem(itemId);
      expect(await rows({ item_id: itemId })).toEqual([]);
      expect(await blobs.stat(a.key)).toBeNull();
      expect(await blobs.stat(b.key)).not.toBeNull();

      await sut.purgePages([pageB]);
      expect(await rows({ page_id: pageB })).toEqual([]);
      expect(await blobs.stat(b.key)).toBeNull();
    });
  });
});
