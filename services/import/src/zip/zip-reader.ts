import { unzipSync } from 'fflate';
import { AppError, MARKDOWN_IMPORT_LIMITS } from '@quire/proto';

/** One file of an archive: its path (folders joined with `/`, no leading or trailing slash) and bytes. */
export interface ZipFile {
  path: string;
  data: Uint8Array;
}

/** What an archive may hold: proto's MARKDOWN_IMPORT_LIMITS for a Markdown zip, SHOWDOC_ZIP_LIMITS for a ShowDoc site's. */
export interface ZipLimits {
  maxZipBytes: number;
  maxEntries: number;
  maxTotalBytes: number;
  maxFileBytes: number;
}

const MIB = 1024 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const UTF8_FLAG = 0x0800;
const ENCRYPTED_FLAG = 0x0001;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

interface DirectoryEntry {
  path: string;
  folder: boolean;
  size: number;
}

/**
 * The files of a zip, read in memory after its central directory was checked: a count, the sizes
 * it declares (fflate inflates into buffers of exactly those sizes, so a lying entry cannot grow
 * past them), names that are UTF-8 (flagged or not) and stay inside the archive. Folders are not
 * returned (`folders` of the plan come from the file paths and the directory entries).
 * Any failure throws an AppError naming the problem; nothing is read past it. `select` inflates only the
 * files whose path it accepts (every entry is still checked).
 */
export function readZip(data: Uint8Array, limits: ZipLimits = MARKDOWN_IMPORT_LIMITS, select: (path: string) => boolean = () => true): { files: ZipFile[]; folders: string[] } {
  if (data.length > limits.maxZipBytes) throw AppError.failed('import_zip_too_large', { max: Math.floor(limits.maxZipBytes / MIB) });
  const directory = readDirectory(data, limits);
  const files: ZipFile[] = [];
  const wanted = new Map<number, string>();
  let index = 0;
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(data, {
      filter: (file) => {
        const entry = directory[index];
        const at = index++;
        if (!entry || entry.folder || file.originalSize !== entry.size || !select(entry.path)) return false;
        wanted.set(at, file.name);
        return true;
      },
    });
  } catch (error) {
    throw AppError.failed('import_zip_corrupt', { reason: (error as Error).message });
  }
  if (index !== directory.length) throw AppError.failed('import_zip_corrupt', { reason: 'the directory and the entries disagree' });
  for (const [at, name] of wanted) {
    const bytes = inflated[name];
    if (!bytes || bytes.length !== directory[at].size) throw AppError.failed('import_zip_corrupt', { reason: `${directory[at].path} is damaged` });
    files.push({ path: directory[at].path, data: bytes });
  }
  const seen = new Set<string>();
  for (const file of files) {
    const key = file.path.toLowerCase();
    if (seen.has(key)) throw AppError.failed('import_zip_duplicate_name', { name: file.path });
    seen.add(key);
  }
  return { files, folders: directory.filter((entry) => entry.folder && entry.path !== '').map((entry) => entry.path) };
}

/** The central directory: every entry's checked name and declared size, the totals held to the limits. */
function readDirectory(data: Uint8Array, limits: ZipLimits): DirectoryEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw AppError.failed('import_not_zip');
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff) throw AppError.failed('import_zip_corrupt', { reason: 'ZIP64 archives are not supported' });
  if (count > limits.maxEntries) throw AppError.failed('import_zip_too_many_files', { max: limits.maxEntries });
  const entries: DirectoryEntry[] = [];
  let total = 0;
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw AppError.failed('import_zip_corrupt', { reason: 'the central directory is damaged' });
    const flags = view.getUint16(at + 8, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > data.length) throw AppError.failed('import_zip_corrupt', { reason: 'the central directory is damaged' });
    const raw = data.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    const name = decodeName(raw, (flags & UTF8_FLAG) !== 0);
    const folder = name.endsWith('/') || name.endsWith('\\');
    const path = safePath(name);
    if (flags & ENCRYPTED_FLAG) throw AppError.failed('import_zip_encrypted', { name: path });
    if (!folder && size > limits.maxFileBytes) throw AppError.failed('import_zip_file_too_large', { name: path, max: Math.floor(limits.maxFileBytes / MIB) });
    total += size;
    if (total > limits.maxTotalBytes) throw AppError.failed('import_zip_too_big_unpacked', { max: Math.floor(limits.maxTotalBytes / MIB) });
    if (path === '' && !folder) throw AppError.failed('import_zip_unsafe_name', { name: printable(name) });
    entries.push({ path, folder, size });
  }
  return entries;
}

/** A name as UTF-8 whatever the flag says (many tools write UTF-8 without it); anything else is refused. */
function decodeName(raw: Uint8Array, flagged: boolean): string {
  try {
    return strictUtf8.decode(raw);
  } catch {
    const shown = Buffer.from(raw)
      .toString('latin1')
      .replace(/[^\x20-\x7e]/g, '?');
    throw AppError.failed('import_zip_name_encoding', { name: flagged ? `${shown} (marked UTF-8)` : shown });
  }
}

/**
 * The entry's path inside the import, or a refusal: no absolute path, drive letter, `..` or `.`
 * segment, control character or backslash-separated escape. `''` for the archive's root folder.
 */
export function safePath(name: string): string {
  const unified = name.replace(/\\/g, '/');
  if (/[\u0000-\u001f\u007f]/.test(unified) || unified.startsWith('/') || /^[a-zA-Z]:/.test(unified)) throw AppError.failed('import_zip_unsafe_name', { name: printable(name) });
  const parts = unified.split('/').filter((part) => part !== '');
  if (parts.some((part) => part === '..' || part === '.')) throw AppError.failed('import_zip_unsafe_name', { name: printable(name) });
  return parts.join('/');
}

function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, '?');
}
