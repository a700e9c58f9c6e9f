import { Module } from '@nestjs/common';

/** Pages, history, catalogs, attachments, templates and share keys. Its handlers arrive with their issue; the module boots and joins its queue group today. */
@Module({})
export class PageModule {}
