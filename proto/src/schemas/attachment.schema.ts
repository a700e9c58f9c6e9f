import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from '../upload';
import { integer, text } from '../validation';

/**
 * Endpoint schemas of the page service's attachments: `page/uploadImg`, `page/upload`,
 * `page/uploadList`, `page/deleteUploadFile` and `attachment/visitFile` (contract §9.4).
 */

/** Where the gateway streams uploads; the services accept no other key for a file. */
export const UPLOAD_KEY_PATTERN = /^uploads\/\d{4}\/\d{2}\/[a-f0-9]{32}$/;

/** The download URL of an attachment: ShowDoc [HEAD]'s form, which the gateway's legacy rewrite serves. */
export function attachmentUrl(sign: string): string {
  return `/server/index.php?s=/api/attachment/visitFile&sign=${sign}`;
}

/** `params.file` as only the gateway sets it (a client can never name a key: the gateway strips `file`). */
export const UploadedFileSchema = z.object({
  key: z.string().regex(UPLOAD_KEY_PATTERN),
  name: z.string().max(10_000),
  size: z.number().int().min(0).max(MAX_UPLOAD_BYTES),
  detectedType: z.string().min(1).max(255),
});

const id = () => integer().pipe(z.number().min(0, { error: 'param_out_of_range' }));

/** `page/uploadImg`: `item_id` and `page_id` are optional (an image may be pasted before the page is saved). */
export const UploadImageSchema = z.object({
  item_id: id(),
  page_id: id(),
  file: UploadedFileSchema.optional(),
});
export type UploadImageDto = z.output<typeof UploadImageSchema>;

/** `page/upload` (multipart: `file`, `page_id`, `item_id`). */
export const UploadAttachmentSchema = UploadImageSchema;
export type UploadAttachmentDto = z.output<typeof UploadAttachmentSchema>;

/** `page/uploadList` {page_id}. */
export const ListAttachmentsSchema = z.object({ page_id: id() });
export type ListAttachmentsDto = z.output<typeof ListAttachmentsSchema>;

/** `page/deleteUploadFile` {file_id}. */
export const DeleteAttachmentSchema = z.object({ file_id: integer().pipe(z.number().min(1, { error: 'param_required' })) });
export type DeleteAttachmentDto = z.output<typeof DeleteAttachmentSchema>;

/**
 * `attachment/visitFile` {sign, unique_key?}: an unknown or malformed sign is answered as a missing
 * file. `unique_key` (a Quire extension) is the single-page share link the reader came through, `share_key` a scoped one.
 */
export const VisitAttachmentSchema = z.object({
  sign: text(),
  unique_key: text(),
  /** Quire (issue 20): a scoped share link the reader came through, and `share/info`'s proof of its password. */
  share_key: text(),
  share_token: text(),
});
export type VisitAttachmentDto = z.output<typeof VisitAttachmentSchema>;

/** editor.md's upload protocol (`page/uploadImg`), and the raw body of `page/upload`. */
export interface UploadedReply {
  success: 1;
  url: string;
}

/** One row of `page/uploadList`. */
export interface AttachmentListEntry {
  file_id: number;
  display_name: string;
  url: string;
  /** `YYYY-MM-DD HH:MM:SS`. */
  addtime: string;
}
