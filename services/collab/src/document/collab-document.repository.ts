import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Collection, DocumentStore, DuplicateKeyError } from '@quire/platform';

/**
 * A co-editing document as last persisted: its Yjs state, and the page content it was synced with
 * (written or merged). Kept while the page lives, so a restart or a killed replica loses nothing
 * typed; the next load takes it when the page still holds that content, and merges it otherwise. Removed once the
 * page is deleted (collab-document-sweeper.ts).
 */
export interface CollabDocumentEntity {
  page_id: number;
  /** `Y.encodeStateAsUpdate` of the document, base64. */
  state: string;
  /** The page content the document was last synced with, and its hex SHA-256. */
  base_content: string;
  base_hash: string;
  /** Unix milliseconds. */
  updated_at: number;
}

/** The `collab_documents` collection (the collab service's own). */
@Injectable()
export class CollabDocumentRepository implements OnModuleInit {
  private readonly documents: Collection<CollabDocumentEntity>;

  constructor(store: DocumentStore) {
    this.documents = store.collection<CollabDocumentEntity>('collab_documents');
  }

  async onModuleInit(): Promise<void> {
    await this.documents.ensureIndex({ field: 'page_id', unique: true });
  }

  find(pageId: number): Promise<CollabDocumentEntity | null> {
    return this.documents.findOne({ page_id: pageId });
  }

  /** The pages of the documents not written since `before` (Unix milliseconds). */
  async idleSince(before: number): Promise<number[]> {
    const idle = await this.documents.find({ updated_at: { $lt: before } }, { fields: ['page_id'] });
    return idle.map((document) => document.page_id);
  }

  remove(pageId: number): Promise<number> {
    return this.documents.deleteOne({ page_id: pageId });
  }

  /** Writes the document's state, replacing the one kept. */
  async put(document: CollabDocumentEntity): Promise<void> {
    const { page_id: pageId, ...fields } = document;
    if ((await this.documents.updateOne({ page_id: pageId }, { $set: fields })) > 0) return;
    try {
      await this.documents.insertOne(document);
    } catch (error) {
      // Another replica inserted it meanwhile: its state and ours are both the shared document's.
      if (!(error instanceof DuplicateKeyError)) throw error;
      await this.documents.updateOne({ page_id: pageId }, { $set: fields });
    }
  }
}
