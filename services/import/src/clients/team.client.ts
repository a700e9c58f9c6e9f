import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { type Caller, type ImportedTeam, type ImportTeamDto, type QuireContracts, Subject } from '@quire/proto';

/** What the import service asks the team service. */
@Injectable()
export class TeamClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  importTeam(caller: Caller, params: ImportTeamDto): Promise<ImportedTeam> {
    return this.transport.send(Subject.TeamImportTeam, { caller, params });
  }
}
