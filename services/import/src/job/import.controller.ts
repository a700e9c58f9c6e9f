import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ImportIdSchema, type ImportStatus, type Incoming, parseParams, type Reply, type StartedImport, StartShowdocImportSchema, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { ImportJobService } from './import-job.service';

/** `adminImport/*`: the console's ShowDoc import. */
@Controller()
export class ImportController {
  constructor(private readonly imports: ImportJobService) {}

  @Handles(Subject.ImportShowdocStart)
  start(@Payload() message: Incoming<typeof Subject.ImportShowdocStart>): Promise<StartedImport> {
    return this.imports.start(message.caller, parseParams(StartShowdocImportSchema, message.params));
  }

  @Handles(Subject.ImportJobStatus)
  status(@Payload() message: Incoming<typeof Subject.ImportJobStatus>): Promise<ImportStatus> {
    return this.imports.status(message.caller, parseParams(ImportIdSchema, message.params));
  }

  @Handles(Subject.ImportJobReport)
  report(@Payload() message: Incoming<typeof Subject.ImportJobReport>): Promise<Reply<never>> {
    return this.imports.report(message.caller, parseParams(ImportIdSchema, message.params));
  }
}
