import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportedUsers, ImportUsersSchema, type Incoming, parseParams, requireImporter, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { UserImportService } from './user-import.service';

/** `auth.import.users`: the import service's users (issue 16), written by the service that owns them. */
@Controller()
export class UserImportController {
  constructor(private readonly imports: UserImportService) {}

  @Handles(Subject.AuthImportUsers)
  importUsers(@Payload() message: Incoming<typeof Subject.AuthImportUsers>): Promise<ImportedUsers> {
    requireImporter(message.caller);
    return this.imports.importUsers(parseParams(ImportUsersSchema, message.params));
  }
}
