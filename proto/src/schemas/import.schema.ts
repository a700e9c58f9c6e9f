import { z } from 'zod';
import { AppError } from '../app-error';
import { ErrorCode } from '../error-code';
import type { Caller } from '../message';
import { ADMIN_GROUP } from '../require-admin';
import { UploadedFileSchema } from './attachment.schema';
import { ItemType, MemberGroup } from './item.schema';

/**
 * The import service's messages (issue 16). `*.import.*` subjects are internal: no route forwards them,
 * and each owning service writes its own records with them. The import service sends them as the
 * administrator who started the import (console) or as IMPORT_COMMAND_CALLER (the command line, run by
 * whoever may run Quire itself); every handler checks `requireImporter`.
 */

/** Who `npm run import:showdoc` acts as: no user, the administrator group. Never forwarded by the gateway. */
export const IMPORT_COMMAND_CALLER: Caller = { uid: 0, username: '', groupid: ADMIN_GROUP, clientId: 'import-command', ip: '' };

/** An `*.import.*` message comes from the import service, on behalf of an administrator or the command line. */
export function requireImporter(caller: Caller): void {
  if (!caller || caller.groupid !== ADMIN_GROUP) throw new AppError(ErrorCode.NoPermission, 'no_permission');
}

const id = () => z.number().int().positive();
const time = () => z.number().int().min(0);
/** Page text has no limit of its own in Quire: the transport's 8 MB is the bound (a larger page fails its item, reported). */
const str = (max = 8 * 1024 * 1024) => z.string().max(max);

/** A ShowDoc bcrypt hash as ShowDoc stores it, or an older ShowDoc's salted MD5 marked as such (auth verifies both). */
export const SHOWDOC_PASSWORD_HASH = /^(\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}|showdoc-md5\$([A-Za-z0-9]{1,64}\$)?[a-f0-9]{32})$/;

// auth.import.users

export const ImportUsersSchema = z.object({
  users: z
    .array(
      z.object({
        showdoc_uid: id(),
        username: str(255).min(1),
        name: str(255),
        email: str(255),
        groupid: z.literal([1, 2]),
        password_hash: z.string().regex(SHOWDOC_PASSWORD_HASH),
        reg_time: time(),
        last_login_time: time(),
      }),
    )
    .max(1000),
});
export type ImportUsersDto = z.output<typeof ImportUsersSchema>;

/** `created`: a new Quire user; `existing`: the username was already in Quire, mapped to that user, nothing changed. */
export interface ImportedUser {
  showdoc_uid: number;
  uid: number;
  username: string;
  outcome: 'created' | 'existing';
}
export interface ImportedUsers {
  users: ImportedUser[];
}

// item.import.item / item.import.publish / item.import.discard

export const ImportItemSchema = z.object({
  item: z.object({
    item_name: str(2000),
    item_description: str(20_000),
    uid: id(),
    username: str(255),
    /** The visit password in clear as ShowDoc stored it ('' = public); the item service keeps it as it keeps its own. */
    password: str(2000),
    item_domain: str(255),
    item_type: z.literal([ItemType.Regular, ItemType.SinglePage]),
    is_archived: z.literal([0, 1]),
    addtime: time(),
    last_update_time: time(),
  }),
  members: z.array(z.object({ uid: id(), username: str(255), member_group_id: z.literal([MemberGroup.ReadOnly, MemberGroup.Edit]), addtime: time() })).max(10_000),
  token: z.object({ api_key: str(200).min(1), api_token: str(200).min(1), addtime: time() }).nullable(),
});
export type ImportItemDto = z.output<typeof ImportItemSchema>;

/** The item is stored pending (not visible) until `item.import.publish`. */
export interface ImportedItem {
  item_id: number;
  /** The personalized domain was taken in Quire: the item was imported without it. */
  domain_dropped: boolean;
  /** The api_key was taken in Quire: the item was imported without credentials. */
  token_dropped: boolean;
}

export const ImportItemIdSchema = z.object({ item_id: id() });
export type ImportItemIdDto = z.output<typeof ImportItemIdSchema>;

/** A user's order of the item list (`item/sort`), for imported items: merged into the order the user has. */
export const ImportItemSortSchema = z.object({
  uid: id(),
  positions: z.array(z.object({ item_id: id(), position: z.number().int() })).max(10_000),
  addtime: time(),
});
export type ImportItemSortDto = z.output<typeof ImportItemSortSchema>;

// page.import.catalogs / page.import.pages / page.import.history / page.import.templates

export const ImportCatalogsSchema = z.object({
  item_id: id(),
  /** Parents before children; `parent` is the ShowDoc id of the parent (0: top). */
  catalogs: z
    .array(z.object({ showdoc_cat_id: id(), parent: z.number().int().min(0), cat_name: str(2000), s_number: z.number().int(), addtime: time(), level: z.number().int().min(2).max(4) }))
    .max(10_000),
});
export type ImportCatalogsDto = z.output<typeof ImportCatalogsSchema>;
export interface ImportedCatalogs {
  catalogs: { showdoc_cat_id: number; cat_id: number }[];
}

const ImportAttachmentSchema = z.object({
  /** ShowDoc's sign, kept when no Quire file has it, so links to the old site's files keep their sign. */
  sign: z.string().regex(/^[a-f0-9]{32}$/),
  display_name: str(255).min(1),
  /** Where the import service stored the bytes. */
  blob_key: z.string().regex(/^uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}$/),
  content_type: str(255).min(1),
  file_size: z.number().int().min(0),
  uid: z.number().int().min(0),
  addtime: time(),
});

/** A page as one of its versions has it: the page itself, and each history version. */
const pageVersionFields = () => ({
  author_uid: z.number().int().min(0),
  author_username: str(255),
  /** Quire's catalog id (0: top). */
  cat_id: z.number().int().min(0),
  page_title: str(2000),
  page_content: str(),
  s_number: z.number().int(),
  addtime: time(),
  page_comments: str(20_000),
});

export const ImportPagesSchema = z.object({
  item_id: id(),
  pages: z
    .array(
      z.object({
        showdoc_page_id: id(),
        ...pageVersionFields(),
        attachments: z.array(ImportAttachmentSchema).max(1000),
        share_keys: z.array(str(200).min(1)).max(100),
      }),
    )
    .max(5000),
});
export type ImportPagesDto = z.output<typeof ImportPagesSchema>;
export interface ImportedPage {
  showdoc_page_id: number;
  page_id: number;
  /** Share keys another Quire page already has: not imported. */
  shares_dropped: string[];
  /** Signs another Quire file already had: `{from, to}` (links in the page's content and history follow). */
  signs_changed: { from: string; to: string }[];
}
export interface ImportedPages {
  pages: ImportedPage[];
}

/** Which of these file signs Quire already has (an imported file then gets a new one before links are rewritten). */
export const ImportSignsSchema = z.object({ signs: z.array(z.string().regex(/^[a-f0-9]{32}$/)).max(10_000) });
export type ImportSignsDto = z.output<typeof ImportSignsSchema>;

export const ImportHistorySchema = z.object({
  item_id: id(),
  versions: z
    .array(
      z.object({
        /** Quire's page id. */
        page_id: id(),
        ...pageVersionFields(),
      }),
    )
    .max(10_000),
});
export type ImportHistoryDto = z.output<typeof ImportHistorySchema>;

export const ImportTemplatesSchema = z.object({
  templates: z.array(z.object({ uid: id(), username: str(255), template_title: str(2000), template_content: str(), addtime: time() })).max(1000),
});
export type ImportTemplatesDto = z.output<typeof ImportTemplatesSchema>;
export interface ImportedIds {
  ids: number[];
}

// team.import.team

export const ImportTeamSchema = z.object({
  team: z.object({ team_name: str(2000), uid: id(), username: str(255), addtime: time(), last_update_time: time() }),
  members: z.array(z.object({ member_uid: id(), member_username: str(255), addtime: time() })).max(10_000),
  items: z
    .array(
      z.object({
        item_id: id(),
        addtime: time(),
        rights: z.array(z.object({ member_uid: id(), member_username: str(255), member_group_id: z.literal([MemberGroup.ReadOnly, MemberGroup.Edit]), addtime: time() })).max(10_000),
      }),
    )
    .max(10_000),
});
export type ImportTeamDto = z.output<typeof ImportTeamSchema>;
export interface ImportedTeam {
  team_id: number;
}

// the console's API: import/showdoc, import/status, import/report

/** The largest upload `adminImport/showdoc` takes (a bigger site: `npm run import:showdoc` on the server). */
export const SHOWDOC_IMPORT_MAX_BYTES = 256 * 1024 * 1024;

/** What a zip of a ShowDoc site (its database and `Public/Uploads`) may hold once unpacked: a zip bomb is refused before it is. */
export const SHOWDOC_ZIP_LIMITS = {
  maxZipBytes: SHOWDOC_IMPORT_MAX_BYTES,
  maxEntries: 60_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxFileBytes: SHOWDOC_IMPORT_MAX_BYTES,
} as const;

const ShowdocUploadSchema = UploadedFileSchema.extend({ size: z.number().int().min(0).max(SHOWDOC_IMPORT_MAX_BYTES) });

/**
 * `adminImport/showdoc` (multipart): `db` is ShowDoc's database (`Sqlite/showdoc.db.php`) and `uploads` an optional
 * zip of the site's `Public/Uploads` folder; or `file`, the database alone or one zip holding it (any `*.db` or
 * `*.db.php`) with `Public/Uploads`. `dry_run=1` reports what would be imported, writing nothing.
 */
export const StartShowdocImportSchema = z.object({
  file: ShowdocUploadSchema.optional(),
  db: ShowdocUploadSchema.optional(),
  uploads: ShowdocUploadSchema.optional(),
  dry_run: z.preprocess((v) => v === '1' || v === 1 || v === true || v === 'true', z.boolean()),
});
export type StartShowdocImportDto = z.output<typeof StartShowdocImportSchema>;
export interface StartedImport {
  import_id: string;
}

export const ImportIdSchema = z.object({
  import_id: z.string({ error: 'param_required' }).regex(/^[a-f0-9]{32}$/, { error: 'import_not_found' }),
  /** `adminImport/report`: `json` (default) or `text`. */
  format: z.enum(['json', 'text'], { error: 'param_not_one_of' }).optional(),
});
export type ImportIdDto = z.output<typeof ImportIdSchema>;

/** What an import counts, in the order its report lists them. */
export const IMPORT_KINDS = ['user', 'item', 'item_sort', 'member', 'token', 'catalog', 'page', 'history', 'attachment', 'share', 'template', 'team', 'team_member', 'team_item'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Rows of one kind: imported (in a dry run: to import), already there (an earlier import, or a user already in Quire), skipped, failed. */
export interface ImportTally {
  imported: number;
  existing: number;
  skipped: number;
  failed: number;
}

export interface ImportStatus {
  state: 'waiting' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  dry_run: boolean;
  /** When done: per kind, what happened to its rows (the console words them in its language). */
  counts?: Record<ImportKind, ImportTally>;
  /** When failed: why, in the site's language. */
  error?: string;
  /** Where the report downloads from when done. */
  report_url: string;
}
