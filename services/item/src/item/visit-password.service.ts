import { Injectable } from '@nestjs/common';
import { AppError, type Caller, ErrorCode, type UnlockedItem, type UnlockItemDto } from '@quire/proto';
import { ItemAccessService } from '../access/item-access.service';
import { visitPasswordMatches } from '../access/visit-password';
import { AuthClient } from '../clients/auth.client';
import { PageClient } from '../clients/page.client';
import { VisitPasswordFailureCounter } from './visit-password-failure-counter';

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
   * A visitor (browser or address) that failed 10 times on the item needs a correct captcha
   * first; an address that failed too often is refused (VisitPasswordFailureCounter). A right
   * password unlocks the item for this browser only.
   */
  async unlock(caller: Caller, dto: UnlockItemDto): Promise<UnlockedItem> {
    // `/page/{id}` of a private item sends `/item/password/0?page_id=`: the page names the item ([HEAD] behaviour).
    const fromPage = dto.page_id > 0 ? await this.pages.itemOfPage(caller, dto.page_id) : null;
    const item = await this.access.resolve(fromPage ? String(fromPage.item_id) : dto.item_id || dto.item_domain);
    if (!item || item.is_del === 1) throw AppError.failed('item_not_exist');
    if ((await this.failures.gate(item.item_id, caller)).captcha) await this.checkCaptcha(caller, dto.v_code);
    // A public item needs no unlock; there is nothing to guess.
    if (item.password === '') return { refer_url: localReferUrl(dto.refer_url) };
    if (!visitPasswordMatches(dto.password, item.password)) {
      const captchaFromNow = await this.failures.recordFailure(item.item_id, caller);
      throw new AppError(captchaFromNow ? ErrorCode.ItemPasswordCaptcha : ErrorCode.ItemPassword, 'access_password_are_incorrect');
    }
    await this.failures.recordSuccess(item.item_id, caller);
    await this.access.unlock(caller, item);
    return { refer_url: localReferUrl(dto.refer_url) };
  }

  /** 10206 either way; a form that showed no code yet is told to show one, not that its code was wrong. */
  private async checkCaptcha(caller: Caller, vCode: string): Promise<void> {
    if (vCode === '') throw new AppError(ErrorCode.Captcha, 'verification_code_required');
    if (!(await this.auth.captchaValid(caller, vCode))) throw new AppError(ErrorCode.Captcha, 'verification_code_are_incorrect');
  }
}
