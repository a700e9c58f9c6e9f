import { randomBytes } from 'node:crypto';

/** A fresh BlobStorage key for an upload: `uploads/<yyyy>/<mm>/<32 random hex>` (UTC). */
export function newUploadKey(now: Date = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${randomBytes(16).toString('hex')}`;
}
