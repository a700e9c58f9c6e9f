import { Injectable } from '@nestjs/common';
import { TransportClient } from '@quire/platform';
import { AppError, type Caller, ErrorCode, type QuireContracts, type SettingName, Subject } from '@quire/proto';

/** The site options auth reads from the admin service, always on behalf of the original caller. */
@Injectable()
export class SettingClient {
  constructor(private readonly transport: TransportClient<QuireContracts>) {}

  /** The raw option; null when never saved, or when the deployment has no admin service (no route). */
  async value(caller: Caller, name: SettingName): Promise<string | null> {
    try {
      const setting = await this.transport.send(Subject.AdminSettingGet, { caller, params: { name } });
      return setting?.value ?? null;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.InvalidRoute) return null;
      throw error;
    }
  }
}
