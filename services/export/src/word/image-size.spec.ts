import { fitToPage, imageSize } from './image-size';

describe('imageSize', () => {
  it('reads PNG, GIF, BMP and JPEG headers', () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
    expect(imageSize(png)).toEqual({ type: 'png', width: 2, height: 3 });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([5, 0, 7, 0])]);
    expect(imageSize(gif)).toEqual({ type: 'gif', width: 5, height: 7 });
    const bmp = Buffer.alloc(26);
    bmp.write('BM', 0, 'latin1');
    bmp.writeInt32LE(4, 18);
    bmp.writeInt32LE(-6, 22);
    expect(imageSize(bmp)).toEqual({ type: 'bmp', width: 4, height: 6 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x20, 0x00, 0x40, 0x03]);
    expect(imageSize(jpeg)).toEqual({ type: 'jpg', width: 64, height: 32 });
  });

  it('refuses WebP, SVG and truncated files (they are linked)', () => {
    expect(imageSize(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBeNull();
    expect(imageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
  });

  it('scales large images down to the text width, keeping their shape', () => {
    expect(fitToPage({ width: 1200, height: 600 })).toEqual({ width: 600, height: 300 });
    expect(fitToPage({ width: 100, height: 50 })).toEqual({ width: 100, height: 50 });
  });
});
