import { randomBytes } from 'node:crypto';
import { BlobStorage } from '@quire/platform';
import { ErrorCode, type ExportContent, type ExportOutline, MemberGroup, type ResolvedAttachment, Subject, type UploadedReply } from '@quire/proto';
import { type ContextApp, testCaller } from '@quire/testing';
import { PageExportService } from '../src/export/page-export.service';
import { bootPageApp, failure, PageWorld } from './page.factory';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);

describe(PageExportService.name, () => {
  let ctx: ContextApp;
  let world: PageWorld;

  beforeAll(async () => {
    ctx = await bootPageApp();
    world = new PageWorld(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const pasted = async (owner: Parameters<PageWorld['send']>[1], itemId: number): Promise<string> => {
    const key = `uploads/2025/06/${randomBytes(16).toString('hex')}`;
    await ctx.app.get(BlobStorage).put(key, PNG, 'image/png');
    const reply = await world.send<UploadedReply>(Subject.PageAttachmentUploadImage, owner, { item_id: itemId, file: { key, name: 'a.png', size: PNG.length, detectedType: 'image/png' } });
    return /sign=([a-f0-9]{32})/.exec(reply.url)?.[1] ?? '';
  };

  it('outlines an item for its editors only, with raw titles', async () => {
    const owner = await world.user();
    const reader = await world.user();
    const itemId = await world.item(owner);
    await world.member(itemId, reader, MemberGroup.ReadOnly);
    const catalog = await world.catalog(owner, itemId, 'A & B');
    await world.page(owner, itemId, '<Intro>', {});
    await world.page(owner, itemId, 'Inner', { cat_id: catalog });

    const outline = await world.send<ExportOutline>(Subject.PageExportOutline, owner, { item_id: itemId });

    expect(outline).toMatchObject({ item_id: itemId, cat_id: 0, pages: [{ page_title: '<Intro>' }], catalogs: [{ cat_name: 'A & B', pages: [{ page_title: 'Inner' }] }], page_count: 2 });
    expect(await failure(world.send(Subject.PageExportOutline, reader, { item_id: itemId }))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });
    expect(await failure(world.send(Subject.PageExportOutline, testCaller(), { item_id: itemId }))).toMatchObject({ code: ErrorCode.NotLoggedIn });
    expect(await failure(world.send(Subject.PageExportOutline, owner, { item_id: itemId, cat_id: 999_999 }))).toEqual({ code: ErrorCode.Failed, key: 'export_catalog_not_found' });
  });

  it('lets the creator of an archived item export it', async () => {
    const owner = await world.user();
    const itemId = await world.item(owner);
    await world.archive(itemId);

    expect(await world.send<ExportOutline>(Subject.PageExportOutline, owner, { item_id: itemId })).toMatchObject({ item_id: itemId });
  });

  it('sends a long page in pieces that each fit a NATS message', async () => {
    const owner = await world.user();
    const itemId = await world.item(owner);
    const content = '中文'.repeat(400_000);
    const row = await world.page(owner, itemId, 'Long', { page_content: content });

    let text = '';
    for (let start = 0, calls = 0; ; calls++) {
      const reply = await world.send<ExportContent>(Subject.PageExportContent, owner, { item_id: itemId, page_ids: [row.page_id], start });
      expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThan(512 * 1024);
      const piece = reply.pieces[0];
      text += piece.content;
      start = piece.start + piece.content.length;
      if (start >= piece.total) break;
      expect(calls).toBeLessThan(100);
    }
    expect(text).toBe(content);
  });

  it("resolves image signs to blob keys for files the caller may read, leaving out other items' private files", async () => {
    const owner = await world.user();
    const stranger = await world.user();
    const itemId = await world.item(owner);
    const privateItem = await world.item(stranger, { password: 'secret' });
    const mine = await pasted(owner, itemId);
    const theirs = await pasted(stranger, privateItem);

    const resolved = await world.send<ResolvedAttachment[]>(Subject.PageAttachmentResolve, owner, { signs: [mine, theirs, 'f'.repeat(32)] });

    expect(resolved).toEqual([{ sign: mine, key: expect.stringMatching(/^uploads\//), content_type: 'image/png', size: PNG.length, display_name: expect.any(String) }]);
  });
});
