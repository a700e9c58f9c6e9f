import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { BlobNotFoundError, BlobStorage, InvalidBlobKeyError } from '@quire/platform';
import { AppError, type BlobBody, IMAGE_TYPES } from '@quire/proto';
import { contentDisposition } from './content-disposition';

/** Nothing a downloaded file holds may run, load or navigate; images may style and show themselves. */
const DOWNLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Streams a `Reply.blob` out of BlobStorage. Only the image types are ever shown inline
 * (whatever a service asks); everything else is a download, under a sandboxing CSP.
 */
@Injectable()
export class BlobSender {
  private readonly logger = new Logger('Download');

  constructor(private readonly blobs: BlobStorage) {}

  async send(res: Response, body: BlobBody): Promise<void> {
    const { stream, size } = await this.open(body.key);
    const inline = body.inline && IMAGE_TYPES.includes(body.contentType);
    res.status(200);
    res.setHeader('Content-Type', body.contentType);
    if (size !== undefined) res.setHeader('Content-Length', String(size));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', body.filename));
    // Replaces the SPA's policy that every answer starts with (http/security-headers.ts).
    res.setHeader('Content-Security-Policy', DOWNLOAD_CSP);
    // An uploaded image may be shown by another site (ShowDoc's image links); anything else stays same-origin.
    if (inline) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    // The same URL answers by the reader's rights: never from a shared cache.
    res.setHeader('Cache-Control', 'private, max-age=300');
    try {
      await pipeline(stream, res);
    } catch (error) {
      // The client went away, or storage failed half way: the headers are gone, so only the connection can tell.
      this.logger.warn(`Sending ${body.key} stopped: ${(error as Error).message}`);
      res.destroy();
    }
  }

  private async open(key: string): Promise<{ stream: Readable; size?: number }> {
    try {
      const info = await this.blobs.stat(key);
      if (!info) throw new BlobNotFoundError(key);
      return { stream: await this.blobs.get(key), size: info.size };
    } catch (error) {
      if (error instanceof BlobNotFoundError || error instanceof InvalidBlobKeyError) throw AppError.failed('attachment_not_found');
      throw error;
    }
  }
}
