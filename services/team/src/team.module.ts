import { Module } from '@nestjs/common';

/** Teams, team members, team items and their member rights. Its handlers arrive with their issue; the module boots and joins its queue group today. */
@Module({})
export class TeamModule {}
