import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { BlobStorage, DocumentStore } from '@quire/platform';
import { type Caller, JobName, nowSeconds, type Reply, sniffContentType, Subject, type UploadedFile, type UploadedReply } from '@quire/proto';
import { type ContextApp, createContextApp, createUser, testCaller } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import type { AttachmentEntity } from '../src/attachment/attachment.entity';
import { AttachmentModule } from '../src/attachment/attachment.module';
import { AttachmentService } from '../src/attachment/attachment.service';
import { PageModule } from '../src/page.module';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(600)]);
const HOUR = 3600;
const DAY = 24 * HOUR;

/** The modules of the page service with those it asks (auth for users, item for rights). */
const MODULES = [AuthModule, ItemModule, PageModule, AttachmentModule];

/** One app's view of uploads: what the gateway does before it forwards one, and what is stored. */
function uploads(ctx: ContextApp) {
  const blobs = ctx.app.get(BlobStorage);
  const rows = ctx.app.get(DocumentStore).collection<AttachmentEntity>('attachments');
  const send = <T>(subject: (typeof Subject)[keyof typeof Subject], caller: Caller, params: Record<string, unknown>) => ctx.relay<T>(subject, { caller, params });
  return {
    send,
    blobs,
    /** `page/uploadImg` of a fresh PNG, as the gateway forwards it; the row it wrote. */
    async image(caller: Caller, params: Record<string, unknown> = {}): Promise<AttachmentEntity & { url: string }> {
      const key = `uploads/2025/06/${randomBytes(16).toString('hex')}`;
      await blobs.put(key, PNG, sniffContentType(PNG));
      const file: UploadedFile = { key, name: 'blob', size: PNG.length, detectedType: 'image/png' };
      const { url } = await send<UploadedReply>(Subject.PageAttachmentUploadImage, caller, { ...params, file });
      return { ...((await rows.findOne({ blob_key: key })) as AttachmentEntity), url };
    },
    /** Moves the upload's time back, as if it had been stored that long ago. */
    age: (row: AttachmentEntity, seconds: number) => rows.updateOne({ file_id: row.file_id }, { $set: { addtime: nowSeconds() - seconds } }),
    row: (row: AttachmentEntity) => rows.findOne({ file_id: row.file_id }),
    /** Whether the row and the bytes are both there (true) or both gone (false); an error when only one is. */
    async kept(row: AttachmentEntity): Promise<boolean> {
      const [stored, blob] = await Promise.all([rows.findOne({ file_id: row.file_id }), blobs.stat(row.blob_key)]);
      if ((stored === null) !== (blob === null)) throw new Error(`row and blob of file ${row.file_id} disagree`);
      return stored !== null;
    },
    /** Whether the row and the bytes are both gone (a sweep under way has removed one of them only). */
    async gone(row: AttachmentEntity): Promise<boolean> {
      const [stored, blob] = await Promise.all([rows.findOne({ file_id: row.file_id }), blobs.stat(row.blob_key)]);
      return stored === null && blob === null;
    },
  };
}

describe('item-less uploads', () => {
  let ctx: ContextApp;
  let up: ReturnType<typeof uploads>;

  const newPage = async (owner: Caller, content: string): Promise<{ itemId: number; pageId: number }> => {
    const { item_id } = await up.send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_type: 1, item_name: 'Docs', password: '' });
    const { page_id } = await up.send<{ page_id: number }>(Subject.PagePageSave, owner, { item_id, page_title: 'Intro', page_content: content });
    return { itemId: item_id, pageId: page_id };
  };

  beforeAll(async () => {
    ctx = await createContextApp(MODULES);
    up = uploads(ctx);
  });
  afterAll(() => ctx?.close());

  it('go a day after they were stored, rows and bytes, unless a page or template links them', async () => {
    const user = await createUser(ctx.app);
    const [unlinked, inPage, inRecycledPage, inTemplate, recent] = [await up.image(user), await up.image(user), await up.image(user), await up.image(user), await up.image(user)];
    const { itemId } = await newPage(user, `![shot](${inPage.url})`);
    const inItem = await up.image(user, { item_id: itemId });
    const recycled = await newPage(user, `see ![old](${inRecycledPage.url})`);
    await up.send(Subject.PagePageDelete, user, { page_id: recycled.pageId });
    await up.send(Subject.PageTemplateSave, user, { template_title: 'With image', template_content: `![t](${inTemplate.url})` });
    for (const row of [unlinked, inPage, inRecycledPage, inTemplate, inItem]) await up.age(row, DAY + HOUR);
    await up.age(recent, DAY - HOUR);

    expect(await ctx.app.get(AttachmentService).sweepItemless()).toBe(1);

    expect(await up.kept(unlinked)).toBe(false);
    for (const row of [inPage, inRecycledPage, inTemplate, recent, inItem]) expect(await up.kept(row)).toBe(true);
    // A linked image keeps working for whoever has its link, as before.
    const visit = up.send<Reply>(Subject.PageAttachmentVisit, testCaller(), { sign: inPage.sign });
    await expect(visit).resolves.toMatchObject({ blob: { contentType: 'image/png' } });
  });

  it('go once the page that linked them no longer does, when they are looked at again', async () => {
    const user = await createUser(ctx.app);
    const image = await up.image(user);
    const { itemId, pageId } = await newPage(user, `![shot](${image.url})`);
    await up.age(image, DAY + HOUR);
    const sweep = (now: number) => ctx.app.get(AttachmentService).sweepItemless(now);

    await sweep(nowSeconds());
    expect(await up.row(image)).toMatchObject({ linked_at: expect.any(Number) });
    await up.send(Subject.PagePageSave, user, { page_id: pageId, item_id: itemId, page_title: 'Intro', page_content: 'the image is gone' });
    await sweep(nowSeconds() + HOUR);
    expect(await up.kept(image)).toBe(true);

    await sweep(nowSeconds() + 31 * DAY);

    expect(await up.kept(image)).toBe(false);
  });
});

describe('the page.sweep job', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-itemless-'));
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(`${dataDir}.key`, { force: true });
  });

  it('runs when the service starts (then hourly): old item-less uploads and pages recycled 31 days ago go', async () => {
    const first = await createContextApp(MODULES, { env: { DATA_DIR: dataDir } });
    const before = uploads(first);
    const user = await createUser(first.app);
    const old = await before.image(user);
    const fresh = await before.image(user);
    await before.age(old, 2 * DAY);
    const { item_id } = await before.send<{ item_id: number }>(Subject.ItemItemAdd, user, { item_type: 1, item_name: 'Docs', password: '' });
    const pageIds: number[] = [];
    for (const title of ['Recycled long ago', 'Recycled yesterday']) {
      const { page_id } = await before.send<{ page_id: number }>(Subject.PagePageSave, user, { item_id, page_title: title, page_content: title });
      await before.send(Subject.PagePageDelete, user, { page_id });
      pageIds.push(page_id);
    }
    const pages = first.app.get(DocumentStore).collection<{ page_id: number; addtime: number }>('pages');
    await pages.updateOne({ page_id: pageIds[0] }, { $set: { addtime: nowSeconds() - 31 * DAY } });
    await first.close();

    const second = await createContextApp(MODULES, { env: { DATA_DIR: dataDir }, consumes: [JobName.SweepPages] });
    try {
      const after = uploads(second);
      const stored = second.app.get(DocumentStore).collection<{ page_id: number }>('pages');
      for (let i = 0; i < 200 && (!(await after.gone(old)) || (await stored.count({ page_id: pageIds[0] })) > 0); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      expect(await after.kept(old)).toBe(false);
      expect(await after.kept(fresh)).toBe(true);
      expect((await stored.find({ page_id: { $in: pageIds } })).map((page) => page.page_id)).toEqual([pageIds[1]]);
    } finally {
      await second.close();
    }
  });
});
