/**
 * An uploaded file (contract §18 `upload_file`). The bytes live in BlobStorage under
 * `blob_key`; `sign` is the unguessable handle of its download URL.
 */
export interface AttachmentEntity {
  file_id: number;
  /** 32 lowercase hex characters from a CSPRNG. */
  sign: string;
  /** The item the file was uploaded to; 0 for an image pasted before its page had an item. */
  item_id: number;
  /** 0 for an image pasted before its page was saved. */
  page_id: number;
  uid: number;
  /** The client's file name, raw (escaped on the way out). */
  display_name: string;
  /** The type the first bytes showed, never the client's claim. */
  content_type: string;
  file_size: number;
  blob_key: string;
  addtime: number;
  /**
   * Unix seconds when the sweep of item-less uploads last found a page or template that links
   * this one (so it stays); absent when never found.
   */
  linked_at?: number;
}

export type NewAttachment = Omit<AttachmentEntity, 'file_id'>;
