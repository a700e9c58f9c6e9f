import { Injectable } from '@nestjs/common';
import { BlobStorage } from '@quire/platform';
import type { Caller } from '@quire/proto';
import { AuthClient } from '../clients/auth.client';
import { ItemClient } from '../clients/item.client';
import { PageClient } from '../clients/page.client';
import { TeamClient } from '../clients/team.client';
import { ImportLedgerRepository } from '../ledger/import-ledger.repository';
import type { ImportReport } from '../report/import-report';
import { ShowdocImport } from './showdoc-import';
import { ShowdocReader } from './showdoc-reader';
import { NO_UPLOADS, openUploads } from './uploads-source';

export interface ShowdocImportRequest {
  /** The ShowDoc database file (`Sqlite/showdoc.db.php`). */
  db: string;
  /** ShowDoc's `Public/Uploads` folder, or a zip of it; absent: files are reported as skipped. */
  uploads?: string;
  dryRun: boolean;
  caller: Caller;
  log?: (line: string) => void;
  progress?: (done: number, total: number) => void | Promise<void>;
}

/**
 * Imports a ShowDoc site (issue 16), for the command line (`npm run import:showdoc`) and the console's job. The
 * database and the uploads are checked before anything is written: a file that is not ShowDoc's SQLite database,
 * a truncated one, or uploads that cannot be read fail with a clear AppError and change nothing.
 */
@Injectable()
export class ShowdocImportService {
  constructor(
    private readonly ledger: ImportLedgerRepository,
    private readonly auth: AuthClient,
    private readonly items: ItemClient,
    private readonly pages: PageClient,
    private readonly teams: TeamClient,
    private readonly blobs: BlobStorage,
  ) {}

  async run(request: ShowdocImportRequest): Promise<ImportReport> {
    const reader = ShowdocReader.open(request.db);
    try {
      const uploads = request.uploads ? openUploads(request.uploads) : NO_UPLOADS;
      const run = new ShowdocImport({
        reader,
        uploads,
        ledger: this.ledger,
        auth: this.auth,
        items: this.items,
        pages: this.pages,
        teams: this.teams,
        blobs: this.blobs,
        caller: request.caller,
        dryRun: request.dryRun,
        log: request.log ?? (() => undefined),
        progress: request.progress,
      });
      return await run.run();
    } finally {
      reader.close();
    }
  }
}
