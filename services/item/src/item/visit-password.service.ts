import { Injectable } from '@nestjs/common';
import { AppError, type Caller, ErrorCode, type UnlockItemDto } from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { visitPasswordMatches } from '../access/visit-password';
import { AuthClient } from '../clients/auth.client';
import { PageClient } from '../clients/page.client';
import { VISIT_PASSWORD_FAILURE_LIMIT, VisitPasswordFailureCounter } from './visit-password-failure-counter';

export interface UnlockedItem {
  refer_url: string;
}

/** Only a path on this site may come back as `refer_url` (no open redirect). */
function localReferUrl(encoded: string): string {
  if (!encoded) return '';
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  return /^\/(?![/\\])[^\s]*$/.test(decoded) ? decoded : '';
}

/** `item/pwd`: a browser unlocks a private item with its visit password. */
@Injectable()
export class VisitPasswordService {
  constructor(
    private readonly access: ItemAccessService,
    private readonly failures: VisitPasswordFailureCounter,
    private readonly auth: AuthClient,
    private readonly pages: PageClient,
  ) {}

  /**
   * After VISIT_PASSWORD_FAILURE_LIMIT wrong passwords for the item (any visitor, 24 h), a
   * correct captcha is required first. A right password unlocks the item for this browser only.
   */
  async unlock(caller: Caller, dto: UnlockItemDto): Promise<UnlockedItem> {
    // `/page/{id}` of a private item sends `/item/password/0?page_id=`: the page names the item ([HEAD] behaviour).
    const fromPage = dto.page_id > 0 ? await this.pages.itemOfPage(caller, dto.page_id) : null;
    const item = await this.access.resolve(fromPage ? String(fromPage.item_id) : dto.item_id || dto.item_domain);
    if (!item || item.is_del === 1) throw AppError.failed('item_not_exist');
    if (await this.failures.needsCaptcha(item.item_id)) {
      if (!(await this.auth.captchaValid(caller, dto.v_code))) throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
    }
    // A public item needs no unlock; there is nothing to guess.
    if (item.password === '') return { refer_url: localReferUrl(dto.refer_url) };
    if (!visitPasswordMatches(dto.password, item.password)) {
      const count = await this.failures.record(item.item_id);
      const code = count < VISIT_PASSWORD_FAILURE_LIMIT ? ErrorCode.ItemPassword : ErrorCode.ItemPasswordCaptcha;
      throw new AppError(code, 'access_password_are_incorrect');
    }
    await this.access.unlock(caller, item);
    return { refer_url: localReferUrl(dto.refer_url) };
  }
}
