import { Module } from '@nestjs/common';

/** Word and Markdown exports, run as queued jobs. Its handlers arrive with their issue; the module boots and joins its queue group today. */
@Module({})
export class ExportModule {}
