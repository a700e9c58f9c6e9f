/** What an import remembers of one record it brought over, so a second run of the same source writes nothing twice. */
export interface ImportLedgerEntity {
  /** `<source>|<kind>|<source id>`, unique. */
  key: string;
  /** The source's identity (ShowdocReader.sourceIdentity). */
  source: string;
  kind: LedgerKind;
  source_id: number;
  quire_id: number;
  /** `pending` while an item's content is being written; `done` once it is published (or for any other kind, written). */
  state: 'pending' | 'done';
  at: number;
}

export type LedgerKind = 'user' | 'item' | 'template' | 'team';
