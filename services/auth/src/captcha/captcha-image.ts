import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

export const CAPTCHA_WIDTH = 88;
export const CAPTCHA_HEIGHT = 36;

/** A 5×7 bitmap font for the digits, one string of five bits per row. */
const GLYPHS: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};
const SCALE = 3;
const GLYPH_WIDTH = 5 * SCALE;
const GLYPH_HEIGHT = 7 * SCALE;

type Rgb = readonly [number, number, number];

/** Draws a captcha code (digits) as a PNG: wavy glyphs in dark colours over noise lines and dots. */
export class CaptchaImage {
  render(code: string): Buffer {
    const png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    const background: Rgb = [235 + randomInt(16), 235 + randomInt(16), 235 + randomInt(16)];
    for (let y = 0; y < CAPTCHA_HEIGHT; y++) for (let x = 0; x < CAPTCHA_WIDTH; x++) this.plot(png, x, y, background);

    for (let i = 0; i < 3; i++) this.line(png, randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), this.colour(120, 200));

    const cell = Math.floor((CAPTCHA_WIDTH - 8) / Math.max(code.length, 1));
    const phase = randomInt(628) / 100;
    [...code].forEach((digit, index) => {
      const glyph = GLYPHS[digit];
      if (!glyph) throw new Error(`CaptchaImage draws digits only, got ${JSON.stringify(digit)}`);
      const left = 4 + index * cell + randomInt(Math.max(cell - GLYPH_WIDTH, 1));
      const top = 3 + randomInt(CAPTCHA_HEIGHT - GLYPH_HEIGHT - 5);
      const ink = this.colour(10, 110);
      glyph.forEach((row, gy) => {
        [...row].forEach((bit, gx) => {
          if (bit !== '1') return;
          for (let dy = 0; dy < SCALE; dy++) {
            for (let dx = 0; dx < SCALE; dx++) {
              const x = left + gx * SCALE + dx;
              const wave = Math.round(2 * Math.sin(x / 6 + phase));
              this.plot(png, x, top + gy * SCALE + dy + wave, ink);
            }
          }
        });
      });
    });

    for (let i = 0; i < 2; i++) this.line(png, 0, randomInt(CAPTCHA_HEIGHT), CAPTCHA_WIDTH - 1, randomInt(CAPTCHA_HEIGHT), this.colour(60, 160));
    for (let i = 0; i < 70; i++) this.plot(png, randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), this.colour(40, 220));

    return PNG.sync.write(png);
  }

  private colour(min: number, max: number): Rgb {
    return [min + randomInt(max - min), min + randomInt(max - min), min + randomInt(max - min)];
  }

  private plot(png: PNG, x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= png.width || y >= png.height) return;
    const at = (png.width * y + x) << 2;
    png.data[at] = r;
    png.data[at + 1] = g;
    png.data[at + 2] = b;
    png.data[at + 3] = 255;
  }

  /** Bresenham. */
  private line(png: PNG, x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1;
    const sy = y0 < y1 ? 1 : -1;
    let err = dx + dy;
    for (;;) {
      this.plot(png, x0, y0, colour);
      if (x0 === x1 && y0 === y1) return;
      const e2 = 2 * err;
      if (e2 >= dy) {
        err += dy;
        x0 += sx;
      }
      if (e2 <= dx) {
        err += dx;
        y0 += sy;
      }
    }
  }
}
