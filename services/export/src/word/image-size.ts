/** The formats Word embeds (docx's ImageRun types). WebP and SVG are linked instead. */
export type EmbeddableImageType = 'png' | 'jpg' | 'gif' | 'bmp';

export interface ImageSize {
  type: EmbeddableImageType;
  width: number;
  height: number;
}

/**
 * The format and pixel size an image's header shows, or null for anything Word cannot embed
 * (WebP, SVG, a truncated or foreign file). Reads headers only: no image is decoded.
 */
export function imageSize(data: Buffer): ImageSize | null {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('latin1', 12, 16) === 'IHDR') {
    return sized('png', data.readUInt32BE(16), data.readUInt32BE(20));
  }
  if (data.length >= 10 && /^GIF8[79]a/.test(data.toString('latin1', 0, 6))) {
    return sized('gif', data.readUInt16LE(6), data.readUInt16LE(8));
  }
  if (data.length >= 26 && data.toString('latin1', 0, 2) === 'BM') {
    return sized('bmp', Math.abs(data.readInt32LE(18)), Math.abs(data.readInt32LE(22)));
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegSize(data);
  return null;
}

function sized(type: EmbeddableImageType, width: number, height: number): ImageSize | null {
  return width > 0 && height > 0 && width <= 100_000 && height <= 100_000 ? { type, width, height } : null;
}

/** Walks the JPEG segments to the first start-of-frame marker. */
function jpegSize(data: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return null;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = data.readUInt16BE(offset + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return sized('jpg', data.readUInt16BE(offset + 7), data.readUInt16BE(offset + 5));
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

/** The size to show an image at: its own, scaled down to fit the text width (6.3 in at 96 dpi). */
export function fitToPage(size: { width: number; height: number }, maxWidth = 600, maxHeight = 800): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / size.width, maxHeight / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}
