import { Injectable } from '@nestjs/common';
import { AppError, ErrorCode } from '@quire/proto';
import { toBuffer } from 'qrcode';

/** QR code PNGs for share links: error correction H, a two-module margin, `size` pixels per module. */
@Injectable()
export class QrcodeService {
  async create(url: string, size: number): Promise<Buffer> {
    try {
      return await toBuffer(decodeOnce(url), { type: 'png', errorCorrectionLevel: 'H', margin: 2, scale: size });
    } catch {
      throw new AppError(ErrorCode.Failed, 'qrcode_data_too_long');
    }
  }
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
