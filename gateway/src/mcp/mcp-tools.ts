import { Logger } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { TransportClient } from '@quire/platform';
import {
  AppError,
  type CacheVersions,
  type Caller,
  ErrorCode,
  findRoute,
  isReply,
  type Language,
  type Menu,
  type MenuCatalog,
  type QuireContracts,
  translate,
  unescapeHtml,
  type WireParams,
} from '@quire/proto';
import type { PersonalTokenGuard } from '../security/personal-token-guard';

/** What one MCP request acts with: its caller (a personal token's owner), the cache versions read with it, its language. */
export interface McpContext {
  caller: Caller;
  versions: CacheVersions;
  language: Language;
}

export interface McpDependencies {
  transport: TransportClient<QuireContracts>;
  tokens: PersonalTokenGuard;
  version: string;
}

const logger = new Logger('McpServer');

const id = () => z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

interface TreeCatalog {
  cat_id: number;
  name: string;
  pages: { page_id: number; title: string }[];
  catalogs: TreeCatalog[];
}

function treeOf(catalog: MenuCatalog): TreeCatalog {
  return {
    cat_id: catalog.cat_id,
    name: unescapeHtml(catalog.cat_name),
    pages: catalog.pages.map((page) => ({ page_id: page.page_id, title: unescapeHtml(page.page_title) })),
    catalogs: (catalog.catalogs ?? []).map(treeOf),
  };
}

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });

/**
 * Quire's MCP server for AI assistants (issue 21): each tool is one or two calls of the HTTP API's routes, sent to
 * the owning services over the transport exactly as the API would send them, with the token owner as the caller;
 * the token's scope and budget apply to each call as on `/api` (PersonalTokenGuard). A refusal comes back as a tool
 * error with the API's message in the request's language, never as a protocol failure.
 */
export function buildMcpServer(deps: McpDependencies, context: McpContext): McpServer {
  const server = new McpServer({ name: 'quire', version: deps.version });

  const call = async <T>(routeKey: string, params: WireParams): Promise<T> => {
    const [controller, action] = routeKey.split('/');
    const route = findRoute(controller, action);
    if (!route) throw new AppError(ErrorCode.InvalidRoute, 'invalid_route');
    await deps.tokens.admit(route, context.caller);
    const reply = await deps.transport.relay(route.subject, { caller: context.caller, params, versions: context.versions });
    if (!isReply(reply)) return reply as T;
    // A reply the service serialized already (a cached page or menu) is read back.
    return (reply.json !== undefined ? JSON.parse(reply.json) : reply.data) as T;
  };
  const run = async (work: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof AppError)) logger.error(`MCP tool failed: ${(error as Error)?.stack ?? String(error)}`);
      const appError = error instanceof AppError ? error : new AppError(ErrorCode.Failed, 'internal_error');
      return { isError: true, content: [{ type: 'text', text: `${appError.code}: ${translate(appError.key, context.language, appError.params)}` }] };
    }
  };

  server.registerTool(
    'search',
    {
      title: 'Search pages',
      description: 'Full-text search over the pages the user may read; optionally within one item. Returns page ids, titles, catalog paths and snippets.',
      inputSchema: { keyword: z.string().min(1).max(200), item_id: id().optional() },
      annotations: { readOnlyHint: true },
    },
    ({ keyword, item_id }) =>
      run(async () => {
        const found = await call<{ total: number; results: { item_id: number; item_name: string; page_id: number; page_title: string; cat_path: string[]; snippet: string }[] }>(
          'search/query',
          { keyword, item_id: item_id ?? 0 },
        );
        return json({
          total: found.total,
          results: found.results.map((hit) => ({
            item_id: hit.item_id,
            item_name: unescapeHtml(hit.item_name),
            page_id: hit.page_id,
            title: unescapeHtml(hit.page_title),
            catalog_path: hit.cat_path.map(unescapeHtml),
            snippet: unescapeHtml(hit.snippet.replace(/<\/?mark>/g, '')),
          })),
        });
      }),
  );

  server.registerTool('list_items', { title: 'List items', description: 'The items (documentation projects) the user owns or is a member of.', annotations: { readOnlyHint: true } }, () =>
    run(async () => {
      const items = await call<{ item_id: number; item_name: string; item_description: string }[]>('item/mylist', {});
      return json(items.map((item) => ({ item_id: Number(item.item_id), name: unescapeHtml(item.item_name), description: unescapeHtml(item.item_description ?? '') })));
    }),
  );

  server.registerTool(
    'catalog_tree',
    {
      title: 'Catalog tree',
      description: "An item's catalogs and pages as a tree (page ids and titles).",
      inputSchema: { item_id: id() },
      annotations: { readOnlyHint: true },
    },
    ({ item_id }) =>
      run(async () => {
        const info = await call<{ item_name?: string; menu?: Menu }>('item/info', { item_id });
        if (!info.menu) throw new AppError(ErrorCode.NoPermission, 'no_permission');
        return json({
          item_id,
          name: unescapeHtml(info.item_name ?? ''),
          pages: info.menu.pages.map((page) => ({ page_id: page.page_id, title: unescapeHtml(page.page_title) })),
          catalogs: info.menu.catalogs.map(treeOf),
        });
      }),
  );

  server.registerTool(
    'read_page',
    { title: 'Read a page', description: 'A page: its title, catalog, author, time and Markdown content.', inputSchema: { page_id: id() }, annotations: { readOnlyHint: true } },
    ({ page_id }) =>
      run(async () => {
        const page = await call<{ page_id: number; item_id: number; cat_id: number; page_title: string; page_content: string; author_username: string; addtime: string }>('page/info', {
          page_id,
        });
        return json({
          page_id: Number(page.page_id),
          item_id: Number(page.item_id),
          cat_id: Number(page.cat_id),
          title: unescapeHtml(page.page_title),
          author: unescapeHtml(page.author_username),
          updated: page.addtime,
          content: unescapeHtml(page.page_content),
        });
      }),
  );

  server.registerTool(
    'page_history',
    { title: 'Page history', description: "A page's earlier versions, newest first, with author, time and content.", inputSchema: { page_id: id() }, annotations: { readOnlyHint: true } },
    ({ page_id }) =>
      run(async () => {
        const rows = await call<{ page_history_id: number; author_username: string; page_title: string; page_content: string; addtime: string }[]>('page/history', { page_id });
        return json(
          rows.map((row) => ({
            history_id: row.page_history_id,
            author: unescapeHtml(row.author_username),
            saved: row.addtime,
            title: unescapeHtml(row.page_title),
            content: row.page_content,
          })),
        );
      }),
  );

  server.registerTool(
    'create_page',
    {
      title: 'Create a page',
      description: 'Writes a new Markdown page into an item (at its root, or into a catalog). Needs a token with the read and write scope.',
      inputSchema: { item_id: id(), title: z.string().trim().min(1).max(200), content: z.string().min(1), cat_id: id().optional() },
    },
    ({ item_id, title, content, cat_id }) =>
      run(async () => {
        const saved = await call<{ page_id: number }>('page/save', { item_id, page_title: title, page_content: content, cat_id: cat_id ?? 0 });
        return json({ page_id: Number(saved.page_id), item_id, title });
      }),
  );

  server.registerTool(
    'update_page',
    {
      title: 'Update a page',
      description: "Replaces a page's Markdown content (and title, when given); the old version stays in its history. Needs a token with the read and write scope.",
      inputSchema: { page_id: id(), content: z.string().min(1), title: z.string().trim().min(1).max(200).optional() },
    },
    ({ page_id, content, title }) =>
      run(async () => {
        const page = await call<{ item_id: number; cat_id: number; page_title: string; content_hash: string }>('page/info', { page_id });
        const params = { page_id, item_id: page.item_id, cat_id: page.cat_id, page_title: title ?? unescapeHtml(page.page_title), page_content: content, base_hash: page.content_hash };
        const saved = await call<{ page_id: number }>('page/save', params);
        return json({ page_id: Number(saved.page_id), item_id: Number(page.item_id), title: params.page_title });
      }),
  );

  return server;
}
