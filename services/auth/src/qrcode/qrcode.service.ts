import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@quire/proto';
import { create, toBuffer } from 'qrcode';

const MARGIN = 2;
/**
 * Widest image drawn, in pixels. `size` is honoured for ordinary share links (a 60-character
 * url at size 20 is about 900 px); a very long url gets smaller modules instead of a huge PNG
 * that would take seconds of CPU on an endpoint anyone may call.
 */
export const QRCODE_MAX_PIXELS = 1024;

/** QR code PNGs for share links: error correction H, a two-module margin, `size` pixels per module. */
@Injectable()
export class QrcodeService {
  async create(url: string, size: number): Promise<Buffer> {
    const text = decodeOnce(url);
    let modules: number;
    try {
      modules = create(text, { errorCorrectionLevel: 'H' }).modules.size;
    } catch {
      throw new AppError(ErrorCode.Failed, 'qrcode_data_too_long');
    }
    return toBuffer(text, { type: 'png', errorCorrectionLevel: 'H', margin: MARGIN, scale: moduleScale(modules, size) });
  }
}

/** Pixels per module: the requested size, reduced so that the image stays within QRCODE_MAX_PIXELS. */
export function moduleScale(modules: number, size: number): number {
  return Math.max(1, Math.min(size, Math.floor(QRCODE_MAX_PIXELS / (modules + 2 * MARGIN))));
}

/** [ERA] URL-decodes the parameter once more when that gives something non-empty. */
function decodeOnce(url: string): string {
  try {
    const decoded = decodeURIComponent(url);
    return decoded === '' ? url : decoded;
  } catch {
    return url;
  }
}
