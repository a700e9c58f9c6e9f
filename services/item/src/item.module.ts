import { Module } from '@nestjs/common';

/** Items, members, visit passwords, api_key/api_token and the open API. Its handlers arrive with their issue; the module boots and joins its queue group today. */
@Module({})
export class ItemModule {}
