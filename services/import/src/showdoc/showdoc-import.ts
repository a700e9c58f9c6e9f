import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import type { BlobStorage } from '@quire/platform';
import {
  AppError,
  type Caller,
  type ImportItemDto,
  type ImportPagesDto,
  type ImportUsersDto,
  ItemType,
  MemberGroup,
  showdocMd5PasswordHash,
  sniffContentType,
  translate,
} from '@quire/proto';
import type { AuthClient } from '../clients/auth.client';
import type { ItemClient } from '../clients/item.client';
import type { PageClient } from '../clients/page.client';
import type { TeamClient } from '../clients/team.client';
import type { ImportLedgerEntity } from '../ledger/import-ledger.entity';
import type { ImportLedgerRepository } from '../ledger/import-ledger.repository';
import { type ImportReport, ReportBuilder } from '../report/import-report';
import { linkedUploads, rewriteFileLinks } from './content-links';
import type { ShowdocCatalog, ShowdocFile, ShowdocItem, ShowdocPage, ShowdocReader, ShowdocUser } from './showdoc-reader';
import { type UploadsSource, uploadsPath } from './uploads-source';

/** What one import run needs; the import service builds it for the command line and for the console's job. */
export interface ShowdocImportDeps {
  reader: ShowdocReader;
  uploads: UploadsSource;
  ledger: ImportLedgerRepository;
  auth: AuthClient;
  items: ItemClient;
  pages: PageClient;
  teams: TeamClient;
  blobs: BlobStorage;
  /** Who the owning services are asked as: the administrator who started it, or IMPORT_COMMAND_CALLER. */
  caller: Caller;
  dryRun: boolean;
  log: (line: string) => void;
  progress?: (done: number, total: number) => void | Promise<void>;
}

/** One message's worth of pages or history (NATS carries at most 1 MB; the rest is headroom for the envelope). */
const BATCH_BYTES = 256 * 1024;
/** Catalog depth Quire shows (levels 2, 3, 4: three levels under the item). */
const DEEPEST_LEVEL = 4;
/** ShowDoc's item types other than documents (SPEC: spreadsheet, whiteboard, kanban and later kinds). */
const ITEM_TYPE_NAMES: Record<number, string> = { 3: 'RunApi / spreadsheet', 4: 'spreadsheet / whiteboard', 5: 'whiteboard', 6: 'kanban' };

/** ShowDoc's older salted MD5 kept its salt in a column of its own (empty on the oldest rows). */
const SHOWDOC_MD5_SALT = /^[A-Za-z0-9]{0,64}$/;

/** ShowDoc's password column as Quire's auth service verifies it, or null when it holds no usable hash. */
export function passwordHashOf(user: Pick<ShowdocUser, 'password' | 'salt'>): string | null {
  if (/^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(user.password)) return user.password;
  if (/^[a-fA-F0-9]{32}$/.test(user.password) && SHOWDOC_MD5_SALT.test(user.salt)) return showdocMd5PasswordHash(user.password, user.salt);
  return null;
}

/** The key the gateway would give an upload (`uploads/<yyyy>/<mm>/<32 hex>`), so imported files look like uploaded ones. */
function newUploadKey(): string {
  const now = new Date();
  return `uploads/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}`;
}

const newSign = (): string => randomBytes(16).toString('hex');
const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
const message = (error: unknown): string => (error instanceof AppError ? translate(error.key, 'en', error.params) : error instanceof Error ? error.message : String(error));

type PagePayload = ImportPagesDto['pages'][number];
type AttachmentPayload = PagePayload['attachments'][number];

/**
 * One run of a ShowDoc import (issue 16): users, then each item with everything in it, then templates and teams.
 * Every record is written by the service that owns it, through its `*.import.*` messages; this class decides what
 * goes where, maps ShowDoc's ids to the ones Quire's services answer, copies file bytes into BlobStorage (bytes never
 * travel over the transport) and keeps the ledger that makes a second run write nothing twice.
 *
 * All or nothing per item: the item service holds an imported item pending (invisible) while its catalogs, pages,
 * history, files and share keys are written, and publishes it in one write at the end. When any of it fails, the
 * item service discards the pending item with everything written for it (as its purge does), the bytes copied for it
 * are deleted, the report lists it as failed, and the next item goes on. A run that dies half-way leaves a pending
 * item that the ledger names (the next run discards it first) and that the hourly purge removes anyway.
 */
export class ShowdocImport {
  private readonly report: ReportBuilder;
  private readonly source: string;
  /** ShowDoc uid → Quire uid and username. */
  private readonly users = new Map<number, { uid: number; username: string }>();
  /** ShowDoc item id → Quire item id, for items published by this run or an earlier one. */
  private readonly itemIds = new Map<number, number>();
  /** The ledger's items of this source, read once per run (a run is the only writer of its own entries). */
  private itemLedger?: Map<number, ImportLedgerEntity>;
  private done = 0;
  private total = 0;

  constructor(private readonly deps: ShowdocImportDeps) {
    this.source = deps.reader.sourceIdentity();
    this.report = new ReportBuilder(this.source, deps.dryRun);
  }

  async run(): Promise<ImportReport> {
    const { reader, log } = this.deps;
    const users = reader.users();
    const items = reader.items();
    const templates = reader.templates();
    const teams = reader.teams();
    this.total = 1 + items.length + (templates.length > 0 ? 1 : 0) + teams.length;
    log(
      `${this.deps.dryRun ? 'Dry run of the ShowDoc import' : 'ShowDoc import'} from ${this.source}: ${users.length} users, ${items.length} items, ${templates.length} templates, ${teams.length} teams`,
    );
    await this.importUsers(users);
    await this.step();
    for (const item of items) {
      await this.importItem(item);
      await this.step();
    }
    await this.importItemSorts();
    if (templates.length > 0) {
      await this.importTemplates(templates);
      await this.step();
    }
    await this.importTeams(teams);
    const report = this.report.build();
    log(`${this.deps.dryRun ? 'Dry run finished (nothing was written)' : 'Import finished'}`);
    return report;
  }

  private async step(): Promise<void> {
    this.done++;
    await this.deps.progress?.(this.done, this.total);
  }

  // users

  private async importUsers(users: ShowdocUser[]): Promise<void> {
    const { ledger, auth, caller, dryRun, log } = this.deps;
    const known = await ledger.ofKind(this.source, 'user');
    const toCreate: ImportUsersDto['users'] = [];
    for (const user of users) {
      const name = user.username;
      if (name.trim() === '') {
        this.report.skipped('user', user.uid, name, 'no username');
        continue;
      }
      const hash = passwordHashOf(user);
      if (!hash) {
        this.report.skipped('user', user.uid, name, 'no password hash Quire can check (an LDAP or SSO account, or an unknown format): create the account by hand');
        continue;
      }
      const entry = known.get(user.uid);
      if (entry) {
        this.users.set(user.uid, { uid: entry.quire_id, username: name });
        this.report.existing('user', user.uid, name, 'imported by an earlier run', entry.quire_id);
        continue;
      }
      if (dryRun) {
        const existing = await auth.find(caller, name);
        if (existing) {
          this.users.set(user.uid, { uid: existing.uid, username: existing.username });
          this.report.existing('user', user.uid, name, `the username is already in Quire: would be mapped to Quire user ${existing.uid}, which keeps its password and group`, existing.uid);
        } else {
          this.users.set(user.uid, { uid: -user.uid, username: name });
          this.report.imported('user', user.uid, name, undefined, true);
        }
        continue;
      }
      toCreate.push({
        showdoc_uid: user.uid,
        username: name,
        name: user.name.slice(0, 255),
        email: /^[^\s@]+@[^\s@]+$/.test(user.email) ? user.email.slice(0, 255) : '',
        groupid: user.groupid === 1 ? 1 : 2,
        password_hash: hash,
        reg_time: user.reg_time,
        last_login_time: user.last_login_time,
      });
    }
    for (let start = 0; start < toCreate.length; start += 200) {
      const batch = toCreate.slice(start, start + 200);
      const answered = await auth.importUsers(caller, { users: batch });
      for (const user of answered.users) {
        this.users.set(user.showdoc_uid, { uid: user.uid, username: user.username });
        await ledger.record(this.source, 'user', user.showdoc_uid, user.uid);
        if (user.outcome === 'created') this.report.imported('user', user.showdoc_uid, user.username, user.uid, true);
        else
          this.report.existing('user', user.showdoc_uid, user.username, `the username is already in Quire: mapped to Quire user ${user.uid}, which keeps its password and group`, user.uid);
      }
      log(`users: ${Math.min(start + batch.length, toCreate.length)}/${toCreate.length}`);
    }
  }

  private user(showdocUid: number): { uid: number; username: string } | undefined {
    return this.users.get(showdocUid);
  }

  // items

  private async importItem(item: ShowdocItem): Promise<void> {
    const { ledger, items, caller, dryRun, log } = this.deps;
    const name = item.item_name;
    if (item.is_del) return this.report.skipped('item', item.item_id, name, "in ShowDoc's recycle bin (deleted)");
    if (item.item_type !== ItemType.Regular && item.item_type !== ItemType.SinglePage) {
      const kind = ITEM_TYPE_NAMES[item.item_type] ?? 'not a document item';
      return this.report.skipped('item', item.item_id, name, `ShowDoc item type ${item.item_type} (${kind}): Quire has documents only`);
    }
    const owner = this.user(item.uid);
    if (!owner) return this.report.skipped('item', item.item_id, name, `its owner (ShowDoc uid ${item.uid}, ${item.username}) was not imported`);
    this.itemLedger ??= await ledger.ofKind(this.source, 'item');
    const entry = this.itemLedger.get(item.item_id);
    if (entry?.state === 'done') {
      this.itemIds.set(item.item_id, entry.quire_id);
      return this.report.existing('item', item.item_id, name, 'imported by an earlier run', entry.quire_id);
    }
    if (entry && !dryRun) {
      // An earlier run died while writing it: what it wrote goes before the item is written again.
      await items.discard(caller, entry.quire_id).catch(() => false);
      await ledger.forget(this.source, 'item', item.item_id);
    }
    const written: string[] = [];
    let itemId = 0;
    const before = this.report.snapshot();
    try {
      const plan = this.planItem(item, owner);
      if (dryRun) {
        this.report.imported('item', item.item_id, name, undefined, true);
        if (plan.token) this.report.imported('token', item.item_id, name);
        this.itemIds.set(item.item_id, item.item_id);
        await this.writeContent(0, item, written);
        return;
      }
      const created = await items.importItem(caller, plan);
      itemId = created.item_id;
      await ledger.record(this.source, 'item', item.item_id, itemId, 'pending');
      if (created.domain_dropped) this.report.warning('item', item.item_id, name, `the personalized domain "${item.item_domain}" is taken in Quire: imported without it`);
      if (plan.token) {
        if (created.token_dropped) this.report.skipped('token', item.item_id, name, 'the api_key is already used by another Quire item');
        else this.report.imported('token', item.item_id, name);
      }
      await this.writeContent(itemId, item, written);
      if (!(await items.publish(caller, itemId))) throw new Error('the item was removed while it was imported (pending too long?)');
      await ledger.record(this.source, 'item', item.item_id, itemId, 'done');
      this.itemIds.set(item.item_id, itemId);
      this.report.imported('item', item.item_id, name, itemId, true);
      log(`item ${item.item_id} "${name}" -> ${itemId}`);
    } catch (error) {
      const reason = message(error);
      log(`item ${item.item_id} "${name}" failed: ${reason}`);
      if (itemId > 0) {
        await items.discard(caller, itemId).catch((discardError: unknown) => log(`discarding item ${itemId} failed (the hourly purge removes it): ${message(discardError)}`));
        await ledger.forget(this.source, 'item', item.item_id).catch(() => undefined);
      }
      for (const key of written) await this.deps.blobs.delete(key).catch(() => undefined);
      this.report.revert(before);
      this.report.failed('item', item.item_id, name, `${reason}: nothing of it was kept`);
    }
  }

  /** The item row, its members and credentials as the item service stores them. */
  private planItem(item: ShowdocItem, owner: { uid: number; username: string }): ImportItemDto {
    const members: ImportItemDto['members'] = [];
    const seen = new Set<number>([owner.uid]);
    for (const member of this.deps.reader.members(item.item_id)) {
      const label = `${member.username} in ${item.item_name}`;
      const user = this.user(member.uid);
      if (!user) {
        this.report.skipped('member', member.item_member_id, label, `the user (ShowDoc uid ${member.uid}) was not imported`);
        continue;
      }
      if (member.cat_id > 0 || member.cat_ids.trim() !== '') {
        this.report.skipped(
          'member',
          member.item_member_id,
          label,
          'a membership limited to some catalogs: Quire gives rights on whole items only, so it was left out rather than widened (add the member by hand)',
        );
        continue;
      }
      if (seen.has(user.uid)) continue;
      seen.add(user.uid);
      let group: MemberGroup = member.member_group_id === 0 ? MemberGroup.ReadOnly : MemberGroup.Edit;
      if (member.member_group_id === 2) this.report.warning('member', member.item_member_id, label, "ShowDoc's item administrator right imported as the edit right");
      if (member.member_group_id !== 0 && member.member_group_id !== 1 && member.member_group_id !== 2) group = MemberGroup.ReadOnly;
      members.push({ uid: user.uid, username: user.username, member_group_id: group, addtime: member.addtime });
      this.report.imported('member', member.item_member_id, label);
    }
    const token = this.deps.reader.token(item.item_id);
    return {
      item: {
        item_name: item.item_name.slice(0, 2000),
        item_description: item.item_description.slice(0, 20_000),
        uid: owner.uid,
        username: owner.username,
        password: item.password,
        item_domain: item.item_domain,
        item_type: item.item_type === ItemType.SinglePage ? ItemType.SinglePage : ItemType.Regular,
        is_archived: item.is_archived ? 1 : 0,
        addtime: item.addtime,
        last_update_time: item.last_update_time || item.addtime,
      },
      members,
      token: token && token.api_key !== '' && token.api_token !== '' ? { api_key: token.api_key, api_token: token.api_token, addtime: token.addtime } : null,
    };
  }

  /**
   * Catalogs, files, pages (with share keys) and history of one item; `itemId` 0 in a dry run, which writes nothing.
   * Pages and history are read and sent a batch at a time: a large site's text is never in memory whole.
   */
  private async writeContent(itemId: number, item: ShowdocItem, written: string[]): Promise<void> {
    const { reader, pages: pageClient, caller, dryRun } = this.deps;
    const catIds = await this.writeCatalogs(itemId, reader.catalogs(item.item_id));

    const pageIds = new Set<number>();
    for (const page of reader.pageHeads(item.item_id)) {
      if (page.is_del) this.report.skipped('page', page.page_id, page.page_title, "in ShowDoc's recycle bin");
      else if (page.is_draft) this.report.skipped('page', page.page_id, page.page_title, 'a draft never published in ShowDoc');
      else pageIds.add(page.page_id);
    }
    const imported = (page: ShowdocPage) => pageIds.has(page.page_id);

    // Files: each on the page its row names, else the first page that links it (file_page).
    const files = reader.files(item.item_id);
    const linksOf = new Map<number, number[]>();
    for (const link of reader.filePages(item.item_id)) linksOf.set(link.file_id, [...(linksOf.get(link.file_id) ?? []), link.page_id]);
    const attachmentsOf = new Map<number, AttachmentPayload[]>();
    const signs = new Map<string, string>();
    const uploadSigns = new Map<string, string>();
    const attach = (pageId: number, payload: AttachmentPayload) => attachmentsOf.set(pageId, [...(attachmentsOf.get(pageId) ?? []), payload]);
    // A sign Quire already has gets a new one here, so that links in every page of the item follow it.
    const taken =
      files.length > 0 ? await pageClient.takenSigns(caller, { signs: files.map((file) => file.sign.toLowerCase()).filter((sign) => /^[a-f0-9]{32}$/.test(sign)) }) : new Set<string>();
    for (const file of files) {
      const pageId = pageIds.has(file.page_id) ? file.page_id : (linksOf.get(file.file_id) ?? []).find((id) => pageIds.has(id));
      if (pageId === undefined) {
        this.report.skipped('attachment', file.file_id, file.display_name, 'not on any imported page of the item');
        continue;
      }
      const payload = await this.copyFile(file, written, taken);
      if (!payload) continue;
      if (payload.sign !== file.sign.toLowerCase())
        this.report.warning('attachment', file.file_id, file.sign, `the sign is taken in Quire: the file has sign ${payload.sign}, and links to it were changed`);
      signs.set(file.sign.toLowerCase(), payload.sign);
      const relative = uploadsPath(file.real_url);
      if (relative) uploadSigns.set(relative, payload.sign);
      attach(pageId, payload);
      this.report.imported('attachment', file.file_id, file.display_name);
    }

    // Images that pages link under Public/Uploads without a file row (older ShowDoc): attached to the first page linking them.
    for (const chunk of reader.pageChunks(item.item_id)) {
      for (const page of chunk.filter(imported)) {
        for (const relative of linkedUploads(page.page_content)) {
          if (uploadSigns.has(relative)) continue;
          const bytes = this.deps.uploads.read(relative);
          if (!bytes) continue;
          const payload = await this.storeBytes(bytes, path.posix.basename(relative), page.author_uid, page.addtime, newSign(), written);
          uploadSigns.set(relative, payload.sign);
          attach(page.page_id, payload);
          this.report.imported('attachment', 0, relative);
        }
      }
    }

    const targets = { signOf: (sign: string) => signs.get(sign) ?? sign, signOfUpload: (relative: string) => uploadSigns.get(relative) ?? null };
    const shares = new Map<number, string[]>();
    const now = Math.floor(Date.now() / 1000);
    for (const share of reader.shares([...pageIds])) {
      if (share.expire_time > 0 && share.expire_time < now) this.report.skipped('share', share.page_id, share.unique_key, 'the share link had expired in ShowDoc');
      else shares.set(share.page_id, [...(shares.get(share.page_id) ?? []), share.unique_key]);
    }

    const payloadOf = (page: ShowdocPage): PagePayload => {
      const author = this.user(page.author_uid);
      const { content, unresolved } = rewriteFileLinks(page.page_content, targets);
      for (const link of unresolved) this.report.warning('page', page.page_id, page.page_title, `links ${link}, which is not in the uploads: the link was left as it was`);
      let catId = catIds.get(page.cat_id) ?? 0;
      if (page.cat_id > 0 && !catIds.has(page.cat_id)) {
        this.report.warning('page', page.page_id, page.page_title, `its catalog (ShowDoc cat_id ${page.cat_id}) does not exist: imported at the top of the item`);
        catId = 0;
      }
      return {
        showdoc_page_id: page.page_id,
        author_uid: author && author.uid > 0 ? author.uid : 0,
        author_username: author?.username ?? page.author_username,
        cat_id: catId,
        page_title: page.page_title.slice(0, 2000),
        page_content: content,
        s_number: page.s_number,
        addtime: page.addtime,
        page_comments: page.page_comments.slice(0, 20_000),
        attachments: attachmentsOf.get(page.page_id) ?? [],
        share_keys: shares.get(page.page_id) ?? [],
      };
    };

    const quirePageIds = new Map<number, number>();
    for (const chunk of reader.pageChunks(item.item_id)) {
      for (const batch of batches(chunk.filter(imported).map(payloadOf), BATCH_BYTES)) {
        if (dryRun) {
          for (const page of batch) {
            this.report.imported('page', page.showdoc_page_id, page.page_title);
            for (const key of page.share_keys) this.report.imported('share', page.showdoc_page_id, key);
          }
          continue;
        }
        const answered = await pageClient.importPages(caller, { item_id: itemId, pages: batch });
        for (const page of answered.pages) {
          quirePageIds.set(page.showdoc_page_id, page.page_id);
          this.report.imported('page', page.showdoc_page_id, '');
          const sent = batch.find((p) => p.showdoc_page_id === page.showdoc_page_id);
          for (const key of sent?.share_keys ?? []) {
            if (page.shares_dropped.includes(key)) this.report.skipped('share', page.showdoc_page_id, key, 'another Quire page already has this share key');
            else this.report.imported('share', page.showdoc_page_id, key);
          }
          for (const change of page.signs_changed)
            this.report.warning('attachment', 0, change.from, `the sign is taken in Quire: the file has sign ${change.to}, and links in the page were changed to it`);
        }
      }
    }

    for (const chunk of reader.historyChunks(item.item_id)) {
      const versions = chunk.filter((version) => {
        if (pageIds.has(version.page_id)) return true;
        this.report.skipped('history', version.page_history_id, version.page_title, 'a version of a page that was not imported');
        return false;
      });
      const payloads = versions.map((version) => {
        const author = this.user(version.author_uid);
        return {
          page_id: dryRun ? version.page_id : (quirePageIds.get(version.page_id) ?? 0),
          author_uid: author && author.uid > 0 ? author.uid : 0,
          author_username: author?.username ?? version.author_username,
          cat_id: catIds.get(version.cat_id) ?? 0,
          page_title: version.page_title.slice(0, 2000),
          page_content: rewriteFileLinks(version.page_content, targets).content,
          s_number: version.s_number,
          addtime: version.addtime,
          page_comments: version.page_comments.slice(0, 20_000),
        };
      });
      for (const batch of batches(payloads, BATCH_BYTES)) {
        if (!dryRun) await pageClient.importHistory(caller, { item_id: itemId, versions: batch });
        for (const _version of batch) this.report.imported('history', 0, '');
      }
    }
  }

  /**
   * Catalogs parents first, at most three levels deep as Quire shows them: a catalog deeper than that goes beside
   * its level-4 ancestor, in the same parent, with the path in its name (reported). Answers ShowDoc cat_id → Quire cat_id (ShowDoc's ids in a dry run).
   */
  private async writeCatalogs(itemId: number, catalogs: ShowdocCatalog[]): Promise<Map<number, number>> {
    const byId = new Map(catalogs.map((catalog) => [catalog.cat_id, catalog]));
    const chainOf = (catalog: ShowdocCatalog): ShowdocCatalog[] => {
      const chain = [catalog];
      let parent = byId.get(catalog.parent_cat_id);
      while (parent && !chain.includes(parent)) {
        chain.unshift(parent);
        parent = byId.get(parent.parent_cat_id);
      }
      return chain;
    };
    const planned = catalogs
      .map((catalog) => {
        const chain = chainOf(catalog);
        const depth = Math.min(chain.length, DEEPEST_LEVEL - 1);
        const parent = chain.length >= 2 ? chain[Math.min(chain.length, DEEPEST_LEVEL - 1) - 2] : undefined;
        const flattened = chain.length > DEEPEST_LEVEL - 1;
        const name = flattened
          ? chain
              .slice(DEEPEST_LEVEL - 2)
              .map((c) => c.cat_name)
              .join(' / ')
          : catalog.cat_name;
        if (flattened) this.report.warning('catalog', catalog.cat_id, catalog.cat_name, `deeper than Quire's three catalog levels: put in "${parent?.cat_name ?? ''}" as "${name}"`);
        return { catalog, depth, parent: parent?.cat_id ?? 0, name };
      })
      .sort((a, b) => a.depth - b.depth || a.catalog.cat_id - b.catalog.cat_id);
    const ids = new Map<number, number>();
    if (this.deps.dryRun) {
      for (const entry of planned) {
        ids.set(entry.catalog.cat_id, entry.catalog.cat_id);
        this.report.imported('catalog', entry.catalog.cat_id, entry.name);
      }
      return ids;
    }
    if (planned.length === 0) return ids;
    const answered = await this.deps.pages.importCatalogs(this.deps.caller, {
      item_id: itemId,
      catalogs: planned.map((entry) => ({
        showdoc_cat_id: entry.catalog.cat_id,
        parent: entry.parent,
        cat_name: entry.name.slice(0, 2000),
        s_number: entry.catalog.s_number,
        addtime: entry.catalog.addtime,
        level: entry.depth + 1,
      })),
    });
    for (const catalog of answered.catalogs) {
      ids.set(catalog.showdoc_cat_id, catalog.cat_id);
      this.report.imported('catalog', catalog.showdoc_cat_id, byId.get(catalog.showdoc_cat_id)?.cat_name ?? '', catalog.cat_id);
    }
    return ids;
  }

  /** A file row's bytes into BlobStorage (not in a dry run), or null (reported) when the uploads do not have them. */
  private async copyFile(file: ShowdocFile, written: string[], taken: Set<string>): Promise<AttachmentPayload | null> {
    const relative = uploadsPath(file.real_url);
    const bytes = relative ? this.deps.uploads.read(relative) : null;
    if (!bytes) {
      const where = relative ? `Uploads/${relative}` : `its URL ${file.real_url}`;
      this.report.skipped('attachment', file.file_id, file.display_name, `${where} is not in the uploads given (${this.deps.uploads.description})`);
      return null;
    }
    const own = file.sign.toLowerCase();
    const sign = /^[a-f0-9]{32}$/.test(own) && !taken.has(own) ? own : newSign();
    return this.storeBytes(bytes, file.display_name || path.posix.basename(relative ?? 'file'), file.uid, file.addtime, sign, written);
  }

  private async storeBytes(bytes: Buffer, name: string, showdocUid: number, addtime: number, sign: string, written: string[]): Promise<AttachmentPayload> {
    const contentType = sniffContentType(bytes.subarray(0, 512));
    const key = newUploadKey();
    if (!this.deps.dryRun) {
      await this.deps.blobs.put(key, bytes, contentType);
      written.push(key);
    }
    const uploader = this.user(showdocUid);
    return {
      sign,
      display_name: Array.from(name).slice(0, 255).join('') || 'file',
      blob_key: key,
      content_type: contentType,
      file_size: bytes.length,
      uid: uploader && uploader.uid > 0 ? uploader.uid : 0,
      addtime,
    };
  }

  /** Each user's order of the item list, for the items that are in Quire now (positions as ShowDoc saved them). */
  private async importItemSorts(): Promise<void> {
    const { reader, items, caller, dryRun } = this.deps;
    for (const sort of reader.itemSorts()) {
      const user = this.user(sort.uid);
      if (!user) {
        this.report.skipped('item_sort', sort.uid, '', `the user (ShowDoc uid ${sort.uid}) was not imported`);
        continue;
      }
      const positions = [...sort.positions].flatMap(([itemId, position]) => {
        const quireId = this.itemIds.get(itemId);
        return quireId === undefined ? [] : [{ item_id: quireId, position }];
      });
      if (positions.length === 0) continue;
      if (!dryRun) await items.sort(caller, { uid: user.uid, positions, addtime: sort.addtime });
      this.report.imported('item_sort', sort.uid, user.username);
    }
  }

  // templates and teams

  private async importTemplates(templates: ReturnType<ShowdocReader['templates']>): Promise<void> {
    const { ledger, pages, caller, dryRun } = this.deps;
    const known = await ledger.ofKind(this.source, 'template');
    for (const template of templates) {
      const owner = this.user(template.uid);
      if (!owner) {
        this.report.skipped('template', template.id, template.template_title, `its owner (ShowDoc uid ${template.uid}) was not imported`);
        continue;
      }
      const entry = known.get(template.id);
      if (entry) {
        this.report.existing('template', template.id, template.template_title, 'imported by an earlier run', entry.quire_id);
        continue;
      }
      if (dryRun) {
        this.report.imported('template', template.id, template.template_title);
        continue;
      }
      const { ids } = await pages.importTemplates(caller, {
        templates: [
          { uid: owner.uid, username: owner.username, template_title: template.template_title.slice(0, 2000), template_content: template.template_content, addtime: template.addtime },
        ],
      });
      await ledger.record(this.source, 'template', template.id, ids[0]);
      this.report.imported('template', template.id, template.template_title, ids[0]);
    }
  }

  private async importTeams(teams: ReturnType<ShowdocReader['teams']>): Promise<void> {
    const { reader, ledger, teams: teamClient, caller, dryRun, log } = this.deps;
    const known = await ledger.ofKind(this.source, 'team');
    const members = reader.teamMembers();
    const teamItems = reader.teamItems();
    const rights = reader.teamItemMembers();
    for (const team of teams) {
      try {
        const owner = this.user(team.uid);
        if (!owner) {
          this.report.skipped('team', team.id, team.team_name, `its owner (ShowDoc uid ${team.uid}) was not imported`);
          continue;
        }
        const entry = known.get(team.id);
        if (entry) {
          this.report.existing('team', team.id, team.team_name, 'imported by an earlier run', entry.quire_id);
          continue;
        }
        const teamMembers: { member_uid: number; member_username: string; addtime: number }[] = [];
        for (const member of members.filter((m) => m.team_id === team.id)) {
          const user = this.user(member.member_uid);
          if (!user) {
            this.report.skipped('team_member', member.member_uid, `${member.member_username} in ${team.team_name}`, 'the user was not imported');
            continue;
          }
          teamMembers.push({ member_uid: user.uid, member_username: user.username, addtime: member.addtime });
          this.report.imported('team_member', member.member_uid, member.member_username);
        }
        const items: { item_id: number; addtime: number; rights: { member_uid: number; member_username: string; member_group_id: MemberGroup; addtime: number }[] }[] = [];
        for (const binding of teamItems.filter((t) => t.team_id === team.id)) {
          const itemId = this.itemIds.get(binding.item_id);
          if (itemId === undefined) {
            this.report.skipped('team_item', binding.item_id, team.team_name, `ShowDoc item ${binding.item_id} was not imported`);
            continue;
          }
          const itemRights = [];
          for (const right of rights.filter((r) => r.team_id === team.id && r.item_id === binding.item_id)) {
            const user = this.user(right.member_uid);
            if (!user) continue;
            if (right.cat_id > 0 || right.cat_ids.trim() !== '') {
              this.report.warning('team_item', binding.item_id, `${right.member_username} in ${team.team_name}`, 'a right limited to some catalogs: imported as read-only on the whole item');
              itemRights.push({ member_uid: user.uid, member_username: user.username, member_group_id: MemberGroup.ReadOnly, addtime: right.addtime });
              continue;
            }
            itemRights.push({
              member_uid: user.uid,
              member_username: user.username,
              member_group_id: right.member_group_id === 0 ? MemberGroup.ReadOnly : MemberGroup.Edit,
              addtime: right.addtime,
            });
          }
          items.push({ item_id: itemId, addtime: binding.addtime, rights: itemRights });
          this.report.imported('team_item', binding.item_id, team.team_name);
        }
        if (dryRun) {
          this.report.imported('team', team.id, team.team_name, undefined, true);
          continue;
        }
        const created = await teamClient.importTeam(caller, {
          team: { team_name: team.team_name.slice(0, 2000), uid: owner.uid, username: owner.username, addtime: team.addtime, last_update_time: team.last_update_time || team.addtime },
          members: teamMembers,
          items,
        });
        await ledger.record(this.source, 'team', team.id, created.team_id);
        this.report.imported('team', team.id, team.team_name, created.team_id, true);
        log(`team ${team.id} "${team.team_name}" -> ${created.team_id}`);
      } catch (error) {
        this.report.failed('team', team.id, team.team_name, message(error));
      } finally {
        await this.step();
      }
    }
  }
}

/** Splits rows into runs of at most `budget` bytes of JSON (a row larger than that goes alone). */
function* batches<T>(rows: T[], budget: number): Generator<T[]> {
  let batch: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = jsonBytes(row);
    if (batch.length > 0 && bytes + size > budget) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(row);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}
