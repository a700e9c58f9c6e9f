import { PNG } from 'pngjs';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, CaptchaImage } from './captcha-image';

describe(CaptchaImage.name, () => {
  const sut = new CaptchaImage();

  it('draws a PNG that decodes at the captcha size', () => {
    const png = PNG.sync.read(sut.render('1234'));

    expect(png.width).toBe(CAPTCHA_WIDTH);
    expect(png.height).toBe(CAPTCHA_HEIGHT);
  });

  it('puts dark ink on a light background', () => {
    const png = PNG.sync.read(sut.render('8888'));
    const luminance = (i: number) => (png.data[i] + png.data[i + 1] + png.data[i + 2]) / 3;
    let dark = 0;
    let light = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      if (luminance(i) < 120) dark++;
      else if (luminance(i) > 200) light++;
    }

    // Four 8s at 3× scale cover a few hundred pixels; the background still dominates.
    expect(dark).toBeGreaterThan(300);
    expect(light).toBeGreaterThan(dark);
  });

  it('draws different pictures for different codes', () => {
    const pixels = (code: string) => PNG.sync.read(sut.render(code)).data;

    expect(Buffer.compare(pixels('1111'), pixels('9999'))).not.toBe(0);
  });

  it('refuses characters it has no glyph for', () => {
    expect(() => sut.render('12a4')).toThrow(/digits only/);
  });
});
