import { limits } from '../../../config/env';
import { apiUrl } from '../../../lib/api-client';

/** `common/qrcode`: a PNG of the given absolute URL. */
export function qrcodeUrl(url: string): string {
  return apiUrl('common/qrcode', { size: limits.qrcodeSize, url });
}
