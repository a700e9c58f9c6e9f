import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type ImportedTeam, ImportTeamSchema, type Incoming, parseParams, requireImporter, Subject } from '@quire/proto';
import { Handles } from '../handles';
import { TeamImportService } from './team-import.service';

/** `team.import.team`: a team brought over by the import service (issue 16), written by the service that owns teams. */
@Controller()
export class TeamImportController {
  constructor(private readonly imports: TeamImportService) {}

  @Handles(Subject.TeamImportTeam)
  importTeam(@Payload() message: Incoming<typeof Subject.TeamImportTeam>): Promise<ImportedTeam> {
    requireImporter(message.caller);
    return this.imports.importTeam(parseParams(ImportTeamSchema, message.params));
  }
}
