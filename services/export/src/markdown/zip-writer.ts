import { deflateRawSync } from 'node:zlib';
import { strToU8, Zip, ZipPassThrough } from 'fflate';

/**
 * A zip entry deflated by Node's zlib in one piece. fflate 0.8.3's streaming deflate (`ZipDeflate`,
 * `Deflate`) writes back-references beyond the 32 KB window for some inputs (KaTeX's .ttf fonts at level 6:
 * "invalid distance too far back" on reading), so the bytes are compressed here and the zip records them
 * as deflated (method 8); the CRC and size of the raw bytes are counted by the pass-through as usual.
 */
class ZlibDeflate extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, chunk.length === 0 ? new Uint8Array(0) : new Uint8Array(deflateRawSync(chunk, { level: 6 })), final);
  }
}

/**
 * A zip written as its entries come (fflate, the zip library the `docx` package uses too): each file
 * is deflated (by zlib, see ZlibDeflate) when it is added, between the exporter's pages, so the end only joins the chunks.
 * Every folder of a path gets its entry once, before the first file in it.
 */
export class ZipWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly folders = new Set<string>();
  private failure?: Error;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure ??= error;
    else this.chunks.push(chunk);
  });

  /** A folder entry (`name/`) and its parents', so a catalog without pages is still there. */
  folder(name: string): void {
    const parts = name.split('/');
    for (let depth = 1; depth <= parts.length; depth++) {
      const path = parts.slice(0, depth).join('/');
      if (this.folders.has(path)) continue;
      this.folders.add(path);
      const entry = new ZipPassThrough(`${path}/`);
      this.zip.add(entry);
      entry.push(new Uint8Array(0), true);
    }
  }

  file(name: string, data: string | Uint8Array): void {
    const slash = name.lastIndexOf('/');
    if (slash > 0) this.folder(name.slice(0, slash));
    const entry = new ZlibDeflate(name);
    this.zip.add(entry);
    entry.push(typeof data === 'string' ? strToU8(data) : data, true);
  }

  /** The whole archive; nothing can be added afterwards. */
  finish(): Buffer {
    this.zip.end();
    if (this.failure) throw this.failure;
    return Buffer.concat(this.chunks);
  }
}
