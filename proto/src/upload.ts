/** Attachments and images are under 4 MB each (SPEC §5). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** What the gateway forwards as `params.file` after streaming an upload into BlobStorage. */
export interface UploadedFile {
  /** BlobStorage key the bytes were stored under. */
  key: string;
  /** The client's file name (display only, never a path). */
  name: string;
  size: number;
  /** The type the first bytes show, not the name or the client's claim. */
  detectedType: string;
}

const SIGNATURES: { type: string; test: (head: Buffer) => boolean }[] = [
  { type: 'image/png', test: (h) => h.length >= 8 && h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', test: (h) => h.length >= 3 && h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: 'image/gif', test: (h) => /^GIF8[79]a/.test(h.subarray(0, 6).toString('latin1')) },
  { type: 'image/bmp', test: (h) => h.length >= 14 && h.subarray(0, 2).toString('latin1') === 'BM' },
  { type: 'image/webp', test: (h) => h.length >= 12 && h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'application/pdf', test: (h) => h.subarray(0, 5).toString('latin1') === '%PDF-' },
  { type: 'application/zip', test: (h) => h.length >= 4 && h[0] === 0x50 && h[1] === 0x4b && (h[2] === 0x03 || h[2] === 0x05) },
];

/** Image types pasted or uploaded images may have (SPEC §5: jpg, jpeg, gif, png, bmp, webp). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/bmp', 'image/webp'];

/**
 * The content type the bytes show. Text that looks like markup (HTML, SVG, XML) is
 * reported as such so it is never served inline; other text and unknown bytes are
 * `application/octet-stream`.
 */
export function sniffContentType(head: Buffer): string {
  for (const signature of SIGNATURES) if (signature.test(head)) return signature.type;
  const text = head.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'image/svg+xml';
  if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<script') || text.startsWith('<?xml')) return 'text/html';
  return 'application/octet-stream';
}
