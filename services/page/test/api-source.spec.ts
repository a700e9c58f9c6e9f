import { DocumentStore } from '@quire/platform';
import { type ApiSchemaRow, type ApiSourceRecord, ErrorCode, IMPORT_COMMAND_CALLER, Subject } from '@quire/proto';
import type { ContextApp } from '@quire/testing';
import { ApiSourceService } from '../src/api-source/api-source.service';
import { bootPageApp, failure, PageWorld } from './page.factory';

const RECORD = {
  format: 'openapi',
  version: '3.1.0',
  origin: 'https://example.com/openapi.json',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  tags: [{ name: 'orders' }],
  security_schemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
  schema_count: 2,
};

/** What an API import keeps of its document (`page.import.apiSource`, `page.import.apiSchemas`), as the stores hold it. */
describe(ApiSourceService.name, () => {
  let ctx: ContextApp;
  let world: PageWorld;
  const importer = IMPORT_COMMAND_CALLER;

  beforeAll(async () => {
    ctx = await bootPageApp();
    world = new PageWorld(ctx);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const stored = async (itemId: number) => {
    const store = ctx.app.get(DocumentStore);
    return {
      sources: await store.collection<ApiSourceRecord>('api_sources').find({ item_id: itemId }),
      schemas: (await store.collection<ApiSchemaRow>('api_schemas').find({ item_id: itemId })).map((row) => [row.name, row.schema]),
    };
  };

  it('keeps a record and its named schemas for the import service only; a re-sync replaces them; purging the item removes them', async () => {
    const owner = await world.user();
    const itemId = await world.item(owner);
    expect(await failure(world.send(Subject.PageImportApiSource, owner, { item_id: itemId, ...RECORD }))).toEqual({ code: ErrorCode.NoPermission, key: 'no_permission' });

    const { source_id: sourceId } = await world.send<{ source_id: number }>(Subject.PageImportApiSource, importer, { item_id: itemId, ...RECORD });
    await world.send(Subject.PageImportApiSchemas, importer, {
      item_id: itemId,
      source_id: sourceId,
      schemas: [
        { name: 'Order', schema: { type: 'object', properties: { lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } } } } },
        { name: 'Line', schema: { type: 'object' } },
      ],
    });
    let now = await stored(itemId);
    expect(now.sources).toEqual([
      expect.objectContaining({ source_id: sourceId, item_id: itemId, cat_id: 0, info: RECORD.info, servers: RECORD.servers, security_schemes: RECORD.security_schemes }),
    ]);
    expect(now.schemas).toEqual([
      ['Order', { type: 'object', properties: { lines: { type: 'array', items: { $ref: '#/components/schemas/Line' } } } }],
      ['Line', { type: 'object' }],
    ]);

    // Another item's record is not this item's to write to.
    const other = await world.item(owner);
    expect(await failure(world.send(Subject.PageImportApiSchemas, importer, { item_id: other, source_id: sourceId, schemas: [] }))).toEqual({
      code: ErrorCode.Failed,
      key: 'api_import_source_not_found',
    });
    expect(await failure(world.send(Subject.PageImportApiSource, importer, { item_id: other, source_id: sourceId, ...RECORD }))).toEqual({
      code: ErrorCode.Failed,
      key: 'api_import_source_not_found',
    });

    await world.send(Subject.PageImportApiSource, importer, { item_id: itemId, source_id: sourceId, ...RECORD, info: { title: 'Shop', version: '2' }, schema_count: 0 });
    now = await stored(itemId);
    expect(now.sources).toEqual([expect.objectContaining({ source_id: sourceId, info: { title: 'Shop', version: '2' }, schema_count: 0 })]);
    expect(now.schemas).toEqual([]);

    await world.send(Subject.PageItemPurge, owner, { item_id: itemId });
    expect(await stored(itemId)).toEqual({ sources: [], schemas: [] });
  });
});
