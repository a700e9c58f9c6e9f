import { z } from 'zod';
import { integer } from '../validation';
import { UPLOAD_KEY_PATTERN } from './attachment.schema';

/**
 * The Markdown zip import (`import/auto`, issue 16): a zip of folders and `.md` files becomes an item,
 * and the page service's two internal writes it needs besides the `*.import.*` ones of import.schema.
 */

const MIB = 1024 * 1024;

/** What one zip may be and hold: its size, entries, total unpacked size (zip bombs) and any one file. */
export const MARKDOWN_IMPORT_LIMITS = {
  maxZipBytes: 50 * MIB,
  maxEntries: 5000,
  maxTotalBytes: 200 * MIB,
  maxFileBytes: 4 * MIB,
} as const;

const id = () => z.number().int().positive();

/** `import/auto` (multipart `file`, optional `item_id`): the zip as the gateway stored it. */
export const ImportMarkdownSchema = z.object({
  file: z
    .object({
      key: z.string().regex(UPLOAD_KEY_PATTERN),
      name: z.string().max(10_000),
      size: z.number().int().min(0).max(MARKDOWN_IMPORT_LIMITS.maxZipBytes),
      detectedType: z.string().min(1).max(255),
    })
    .optional(),
  /** 0 / absent: a new item named after the zip; else an item the caller may edit, which the pages join. */
  item_id: integer().pipe(z.number().min(0, { error: 'param_out_of_range' })),
});
export type ImportMarkdownDto = z.output<typeof ImportMarkdownSchema>;

/** What an import made. ShowDoc answers `[]`; Quire says where the pages went. */
export interface ImportedMarkdown {
  item_id: number;
  pages: number;
  catalogs: number;
  attachments: number;
  /** Files of the zip that became neither a page nor an attachment (not Markdown and linked from no page). */
  ignored: string[];
}

/** `page.import.contents`: new content for pages of a pending imported item (their links to each other resolved). */
export const ImportContentsSchema = z.object({
  item_id: id(),
  pages: z.array(z.object({ page_id: id(), page_content: z.string().max(8 * MIB) })).max(5000),
});
export type ImportContentsDto = z.output<typeof ImportContentsSchema>;

/**
 * `page.import.move`: everything of the pending staging item `from_item_id` joins `to_item_id`, in one unit; with
 * `cat_id` (an API import into a catalog), its top-level catalogs and pages go under that catalog of `to_item_id`.
 */
export const ImportMoveSchema = z.object({ from_item_id: id(), to_item_id: id(), cat_id: id().optional() });
export type ImportMoveDto = z.output<typeof ImportMoveSchema>;

export interface ImportedMove {
  pages: number;
  catalogs: number;
}
