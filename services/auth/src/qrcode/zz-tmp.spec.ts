import { AppError } from '@quire/proto';
import { QrcodeService } from './qrcode.service';
it('long', async () => {
  const e = await new QrcodeService().create('https://x/' + 'a'.repeat(2000), 6).catch((x) => x);
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).key).toBe('qrcode_data_too_long');
  const ok = await new QrcodeService().create('https://x/' + 'a'.repeat(1000), 20);
  expect(ok.length).toBeGreaterThan(100);
});
