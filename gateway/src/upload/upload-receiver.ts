import { PassThrough, type Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { BlobStorage, type BlobInfo } from '@quire/platform';
import { AppError, ErrorCode, MAX_UPLOAD_BYTES, sniffContentType, type UploadedFile, type UploadRule, type WireParams } from '@quire/proto';
import { drainPart, MAX_BODY_BYTES } from '../http/body-parsers';
import { newUploadKey } from './upload-key';

/** Enough leading bytes for every signature `sniffContentType` knows (it reads at most 512). */
const SNIFF_BYTES = 512;
const MAX_FIELD_BYTES = MAX_BODY_BYTES;
const MIB = 1024 * 1024;

export interface ReceivedUpload {
  /** The multipart text fields. */
  fields: WireParams;
  /**
   * The stored files by the name they are forwarded under: `file` for a part of one of the rule's `fields`, and
   * each of the rule's `parts` by its own name. Only names whose part carried a file.
   */
  files: Record<string, UploadedFile>;
}

/** The name a file part is forwarded under, or undefined when the rule takes no file by that part name. */
function slotOf(rule: UploadRule, partName: string): string | undefined {
  if (rule.fields.includes(partName)) return 'file';
  return rule.parts?.includes(partName) ? partName : undefined;
}

/** The route's own limit (a zip to import) is told in megabytes; attachments keep ShowDoc's 4 MB message. */
const tooLarge = (maxBytes: number) =>
  maxBytes === MAX_UPLOAD_BYTES ? new AppError(ErrorCode.Failed, 'attachment_too_large') : new AppError(ErrorCode.Failed, 'payload_too_large', { max: Math.floor(maxBytes / MIB) });
const malformed = (reason: string) => new AppError(ErrorCode.BadRequest, 'bad_request', { reason });

/**
 * Reads a multipart body of an upload route: text fields into `fields`, and the first file
 * part of one of the rule's fields (and the first of each of its named `parts`) streamed straight into
 * BlobStorage under a fresh key, each counted (refused past the rule's `maxBytes`, else MAX_UPLOAD_BYTES)
 * and typed by its first bytes. Other file parts are drained. On any failure nothing stays in storage.
 */
@Injectable()
export class UploadReceiver {
  private readonly logger = new Logger('Upload');

  constructor(private readonly blobs: BlobStorage) {}

  receive(req: Request, rule: UploadRule): Promise<ReceivedUpload> {
    const maxBytes = rule.maxBytes ?? MAX_UPLOAD_BYTES;
    // Past this, the client is sending far more than the uploads may hold: stop reading and close the connection.
    const maxRequestBytes = maxBytes * (1 + (rule.parts?.length ?? 0)) + MAX_BODY_BYTES;
    return new Promise<ReceivedUpload>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          defParamCharset: 'utf8',
          // One byte over the limit, so a file of exactly the limit is still whole.
          limits: { fieldSize: MAX_FIELD_BYTES, fields: 200, files: 5, fileSize: maxBytes + 1 },
        });
      } catch (error) {
        reject(malformed((error as Error).message));
        return;
      }
      const fields: Record<string, string | string[]> = {};
      const uploads = new Map<string, FileUpload>();
      let failure: AppError | undefined;
      let settled = false;
      let received = 0;

      const settle = async () => {
        if (settled) return;
        settled = true;
        if (failure) for (const upload of uploads.values()) upload.abort(failure);
        const files: Record<string, UploadedFile> = {};
        let refused: Error | undefined = failure;
        for (const [slot, upload] of uploads) {
          try {
            files[slot] = await upload.done;
          } catch (error) {
            refused ??= error as Error;
          }
        }
        if (refused) {
          // One part failed: the others that were stored go too.
          await Promise.all(Object.values(files).map((file) => this.discard(file)));
          reject(refused);
          return;
        }
        resolve({ fields, files });
      };
      const fail = (error: AppError) => {
        failure ??= error;
        void settle();
      };

      parser.on('field', (name, value) => {
        const existing = fields[name];
        fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
      });
      parser.on('file', (name, stream, info) => {
        const slot = slotOf(rule, name);
        // A form's empty file input sends a part with an empty name and no bytes: that is no file.
        if (slot === undefined || uploads.has(slot) || failure || !info.filename) {
          drainPart(stream);
          return;
        }
        uploads.set(slot, new FileUpload(this.blobs, this.logger, stream, info.filename ?? '', maxBytes));
      });
      parser.on('error', (error: Error) => {
        req.unpipe(parser);
        req.resume();
        fail(malformed(error.message));
      });
      parser.on('close', () => void settle());
      const count = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= maxRequestBytes) return;
        req.off('data', count);
        req.unpipe(parser);
        req.pause();
        req.res?.setHeader('Connection', 'close');
        fail(tooLarge(maxBytes));
      };
      req.on('data', count);
      req.on('close', () => {
        if (!req.complete) fail(malformed('the client went away'));
      });
      req.pipe(parser);
    });
  }

  /** Removes a stored upload that no row came to reference (refused by the service, or the caller gone). */
  async discard(file: UploadedFile): Promise<void> {
    try {
      await this.blobs.delete(file.key);
    } catch (error) {
      this.logger.error(`Discarding upload ${file.key} failed: ${(error as Error).message}`);
    }
  }
}

/** One file part on its way into BlobStorage. `done` settles once the part has ended and storage has answered. */
class FileUpload {
  readonly done: Promise<UploadedFile>;
  private readonly key = newUploadKey();
  private readonly body = new PassThrough();
  private readonly head: Buffer[] = [];
  private size = 0;
  private detectedType = 'application/octet-stream';
  private put?: Promise<BlobInfo>;
  private failure?: AppError;
  private ended!: () => void;

  constructor(
    private readonly blobs: BlobStorage,
    private readonly logger: Logger,
    private readonly part: Readable & { truncated?: boolean },
    private readonly name: string,
    private readonly maxBytes: number,
  ) {
    const partEnded = new Promise<void>((resolve) => (this.ended = resolve));
    part.on('data', (chunk: Buffer) => this.take(chunk));
    part.on('limit', () => this.abort(tooLarge(this.maxBytes)));
    part.on('error', (error: Error) => this.abort(malformed(error.message)));
    part.on('end', () => this.ended());
    // A storage failure ends the body early: keep draining the part so the request can finish.
    this.body.on('close', () => part.resume());
    // Failures are reported through `put` and `failure`, not as stream errors.
    this.body.on('error', () => undefined);
    this.done = partEnded.then(() => this.finish());
    this.done.catch(() => undefined);
  }

  abort(error: AppError): void {
    if (this.failure) return;
    this.failure = error;
    this.body.destroy(error);
    this.part.resume();
    this.ended();
  }

  private take(chunk: Buffer): void {
    if (this.failure) return;
    this.size += chunk.length;
    if (this.size > this.maxBytes) return this.abort(tooLarge(this.maxBytes));
    if (!this.put) {
      this.head.push(chunk);
      if (this.size >= SNIFF_BYTES) this.start();
      return;
    }
    if (this.body.destroyed) return;
    if (!this.body.write(chunk)) {
      this.part.pause();
      this.body.once('drain', () => this.part.resume());
    }
  }

  /** Sniffs the leading bytes, then opens the blob and writes them first. */
  private start(): void {
    if (this.put) return;
    const head = Buffer.concat(this.head);
    this.head.length = 0;
    this.detectedType = sniffContentType(head);
    this.put = this.blobs.put(this.key, this.body, this.detectedType);
    this.put.catch(() => undefined);
    this.body.write(head);
  }

  private async finish(): Promise<UploadedFile> {
    if (this.failure || this.part.truncated) {
      await this.put?.catch(() => undefined);
      await this.removeBlob();
      throw this.failure ?? tooLarge(this.maxBytes);
    }
    this.start();
    this.body.end();
    try {
      const info = await (this.put as Promise<BlobInfo>);
      return { key: this.key, name: this.name, size: info.size, detectedType: this.detectedType };
    } catch (error) {
      this.logger.error(`Storing upload ${this.key} failed: ${(error as Error).message}`);
      await this.removeBlob();
      throw new AppError(ErrorCode.Failed, 'attachment_store_failed');
    }
  }

  private async removeBlob(): Promise<void> {
    if (!this.put) return;
    await this.blobs.delete(this.key).catch(() => undefined);
  }
}
