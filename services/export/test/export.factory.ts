import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { strFromU8, unzipSync, type Unzipped } from 'fflate';
import { BlobStorage } from '@quire/platform';
import { type Caller, type ExportStatus, JobName, MemberGroup, type Reply, sniffContentType, Subject, type UploadedReply, type WireParams } from '@quire/proto';
import { type ContextApp, type ContextAppOptions, createContextApp, createUser } from '@quire/testing';
import { AuthModule } from '../../auth/src/auth.module';
import { ItemModule } from '../../item/src/item.module';
import { MemberRepository } from '../../item/src/member/member.repository';
import { PageModule } from '../../page/src/page.module';
import { ExportModule } from '../src/export.module';

/** The export service with the page, item and auth services it reads through, working on its own jobs. */
export function bootExportApp(options: ContextAppOptions = {}): Promise<ContextApp> {
  return createContextApp([ExportModule, PageModule, ItemModule, AuthModule], {
    consumes: [JobName.ExportWord, JobName.ExportMarkdown, JobName.SweepExports],
    ...options,
    env: { LANGUAGE: 'en', ...options.env },
  });
}

export type User = Caller & { password: string };

/** A 2×2 PNG (a real image, so Word can show it). */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

/** Drives the export service (and the services it reads) through the transport, as the gateway would. */
export class ExportWorld {
  constructor(readonly ctx: ContextApp) {}

  send<R = unknown>(subject: Subject, caller: Caller, params: WireParams = {}): Promise<R> {
    return this.ctx.relay<R>(subject, { caller, params });
  }

  user(): Promise<User> {
    return createUser(this.ctx.app);
  }

  async item(owner: Caller, name = 'Docs', description = ''): Promise<number> {
    return (await this.send<{ item_id: number }>(Subject.ItemItemAdd, owner, { item_type: 1, item_name: name, item_description: description, password: '' })).item_id;
  }

  async member(itemId: number, user: Caller, group: MemberGroup): Promise<void> {
    await this.ctx.app.get(MemberRepository).add({ item_id: itemId, uid: user.uid, username: user.username, member_group_id: group, addtime: 0 });
  }

  async catalog(owner: Caller, itemId: number, name: string, parent = 0, sNumber = 0): Promise<number> {
    return (await this.send<{ cat_id: number }>(Subject.PageCatalogSave, owner, { item_id: itemId, cat_name: name, parent_cat_id: parent, s_number: sNumber })).cat_id;
  }

  async page(owner: Caller, itemId: number, title: string, content: string, more: WireParams = {}): Promise<number> {
    return (await this.send<{ page_id: number }>(Subject.PagePageSave, owner, { item_id: itemId, page_title: title, page_content: content, ...more })).page_id;
  }

  /** An image pasted into the editor: the gateway's blob, then page/uploadImg. Returns its URL and blob key. */
  async image(owner: Caller, itemId: number, bytes: Buffer = PNG): Promise<{ url: string; key: string }> {
    const key = `uploads/2025/06/${randomBytes(16).toString('hex')}`;
    await this.ctx.app.get(BlobStorage).put(key, bytes, sniffContentType(bytes.subarray(0, 512)));
    const file = { key, name: 'shot.png', size: bytes.length, detectedType: sniffContentType(bytes.subarray(0, 512)) };
    const reply = await this.send<UploadedReply>(Subject.PageAttachmentUploadImage, owner, { item_id: itemId, file });
    return { url: reply.url, key };
  }

  start(caller: Caller, params: WireParams): Promise<{ job_id: string }> {
    return this.send<{ job_id: string }>(Subject.ExportJobStart, caller, params);
  }

  status(caller: Caller, jobId: string): Promise<ExportStatus> {
    return this.send<ExportStatus>(Subject.ExportJobStatus, caller, { job_id: jobId });
  }

  /** Polls export/status until the job has finished (completed or failed), recording every status seen. */
  async finished(caller: Caller, jobId: string, seen: ExportStatus[] = [], timeoutMs = 20_000): Promise<ExportStatus> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const status = await this.status(caller, jobId);
      seen.push(status);
      if (status.state === 'completed' || status.state === 'failed') return status;
      if (Date.now() > until) throw new Error(`export ${jobId} still ${status.state} after ${timeoutMs} ms`);
      await sleep(20);
    }
  }

  /** The bytes a `Reply.blob` names, as the gateway would stream them. */
  async bytes(reply: Reply): Promise<Buffer> {
    if (!reply.blob) throw new Error(`expected a blob reply, got ${JSON.stringify(reply)}`);
    const chunks: Buffer[] = [];
    for await (const chunk of await this.ctx.app.get(BlobStorage).get(reply.blob.key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** start → wait → download, as the SPA's progress bar does; the opened .docx or zip. */
  async exported(caller: Caller, params: WireParams): Promise<{ zip: Unzipped; reply: Reply; status: ExportStatus }> {
    const { job_id } = await this.start(caller, params);
    const status = await this.finished(caller, job_id);
    if (status.state !== 'completed') throw new Error(`export failed: ${status.error}`);
    const reply = await this.send<Reply>(Subject.ExportJobDownload, caller, { job_id });
    return { zip: openZip(await this.bytes(reply)), reply, status };
  }
}

/** The entries of a zip by name, folders (ending in `/`) included. */
export function openZip(bytes: Buffer): Unzipped {
  return unzipSync(new Uint8Array(bytes));
}

/** The names of the files in a zip, without its folders. */
export function fileNames(zip: Unzipped): string[] {
  return Object.keys(zip).filter((name) => !name.endsWith('/'));
}

/** The text of a part of a zip. */
export function part(zip: Unzipped, name: string): string {
  const file = zip[name];
  if (!file) throw new Error(`no ${name} in the zip (${Object.keys(zip).join(', ')})`);
  return strFromU8(file);
}

/** The visible text of every paragraph of word/document.xml, in order. */
export function paragraphs(zip: Unzipped): string[] {
  const xml = part(zip, 'word/document.xml');
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) => [...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => decodeXml(t[1])).join(''));
}

/** The heading paragraphs (style Heading1…6) of word/document.xml as `level: text`. */
export function headings(zip: Unzipped): string[] {
  const xml = part(zip, 'word/document.xml');
  return [...xml.matchAll(/<w:p>(?:(?!<\/w:p>)[\s\S])*?<w:pStyle w:val="Heading(\d)"\/>[\s\S]*?<\/w:p>/g)].map(
    (p) => `${p[1]}: ${[...p[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => decodeXml(t[1])).join('')}`,
  );
}

/** The text of every table cell, row by row. */
export function tableCells(zip: Unzipped): string[][] {
  const xml = part(zip, 'word/document.xml');
  return [...xml.matchAll(/<w:tr>[\s\S]*?<\/w:tr>/g)].map((row) =>
    [...row[0].matchAll(/<w:tc>[\s\S]*?<\/w:tc>/g)].map((cell) => [...cell[0].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => decodeXml(t[1])).join('')),
  );
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** Resolves to the error's code and message key, or fails when the call succeeded. */
export async function failure(call: Promise<unknown>): Promise<{ code: number; key: string; params: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    const { code, key, params } = error as { code: number; key: string; params: Record<string, unknown> };
    return { code, key, params };
  }
  throw new Error('expected the call to fail');
}
