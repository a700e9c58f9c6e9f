import * as fs from 'node:fs';
import * as path from 'node:path';
import { AppError, SHOWDOC_ZIP_LIMITS } from '@quire/proto';
import { readZip } from '../zip/zip-reader';

/**
 * ShowDoc's `Public/Uploads` folder, as a folder or a zip of it. Files are named by their path under `Uploads/`
 * (`2026-11-25/6b06….png`), which is how ShowDoc's `upload_file.real_url` and page links name them.
 */
export interface UploadsSource {
  /** The bytes of a file by its path under Uploads/, or null when it is not there. */
  read(relative: string): Buffer | null;
  readonly description: string;
}

/** The path under `Uploads/` of a ShowDoc file URL or path (`https://host/Public/Uploads/a/b.png` → `a/b.png`). */
export function uploadsPath(urlOrPath: string): string | null {
  const match = /(?:^|\/)Uploads\/([^?#]+)/.exec(urlOrPath);
  if (!match) return null;
  const relative = safeDecode(match[1]);
  const parts = relative.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  return relative;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** ShowDoc's database in a zip of the site (`Sqlite/showdoc.db.php`, or any `*.db`). */
export const DATABASE_FILE = /\.db(\.php)?$/i;

/** No uploads given: every file is reported as skipped. */
export const NO_UPLOADS: UploadsSource = { read: () => null, description: 'none' };

/** Opens a folder or a zip; throws import_uploads_unreadable when it is neither or cannot be read. */
export function openUploads(location: string): UploadsSource {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(location);
  } catch (error) {
    throw AppError.failed('import_uploads_unreadable', { reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? `no file or folder ${location}` : (error as Error).message });
  }
  if (stat.isDirectory()) return folderUploads(location);
  if (stat.isFile()) return zipUploads(location);
  throw AppError.failed('import_uploads_unreadable', { reason: `${location} is neither a folder nor a zip file` });
}

function folderUploads(root: string): UploadsSource {
  try {
    fs.readdirSync(root);
  } catch (error) {
    throw AppError.failed('import_uploads_unreadable', { reason: (error as Error).message });
  }
  return {
    description: root,
    read(relative) {
      const base = path.resolve(root);
      const file = path.resolve(base, ...relative.split('/'));
      if (!file.startsWith(base + path.sep)) return null;
      try {
        return fs.readFileSync(file);
      } catch {
        return null;
      }
    },
  };
}

function zipUploads(file: string): UploadsSource {
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch (error) {
    throw AppError.failed('import_uploads_unreadable', { reason: (error as Error).message });
  }
  // `Uploads/a/b.png`, `Public/Uploads/a/b.png` or `a/b.png`: indexed by the path under Uploads/ (the database left out).
  const byPath = new Map<string, Uint8Array>();
  for (const { path: name, data: bytes } of readZip(data, SHOWDOC_ZIP_LIMITS, (name) => !DATABASE_FILE.test(name)).files) byPath.set(uploadsPath(name) ?? name, bytes);
  return {
    description: file,
    read(relative) {
      const bytes = byPath.get(relative);
      return bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null;
    },
  };
}
