import { PNG } from 'pngjs';
import { AppError } from '@quire/proto';
import { moduleScale, QRCODE_MAX_PIXELS, QrcodeService } from './qrcode.service';

describe(QrcodeService.name, () => {
  const sut = new QrcodeService();
  const width = (png: Buffer) => PNG.sync.read(png).width;

  it('draws `size` pixels per module with a two-module margin', async () => {
    const one = width(await sut.create('https://quire.example/p/abc', 1));
    const three = width(await sut.create('https://quire.example/p/abc', 3));

    expect(three).toBe(one * 3);
  });

  it('decodes a still-encoded url once, as ShowDoc did', async () => {
    const encoded = await sut.create(encodeURIComponent('https://quire.example/p/abc?x=1&y=2'), 1);
    const plain = await sut.create('https://quire.example/p/abc?x=1&y=2', 1);

    expect(encoded.equals(plain)).toBe(true);
  });

  it('keeps the requested size for ordinary links and shrinks modules for huge codes', () => {
    // a share link is a version 3–5 code (29–37 modules); the largest code has 177
    expect(moduleScale(37, 20)).toBe(20);
    expect(moduleScale(177, 20) * (177 + 4)).toBeLessThanOrEqual(QRCODE_MAX_PIXELS);
    expect(moduleScale(177, 20)).toBe(5);
    expect(moduleScale(10_000, 6)).toBe(1);
  });

  it('answers a url too long for any QR code with 10101 qrcode_data_too_long', async () => {
    const error = await sut.create(`https://quire.example/${'a'.repeat(2000)}`, 6).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AppError);
    expect([(error as AppError).code, (error as AppError).key]).toEqual([10101, 'qrcode_data_too_long']);
  });
});
