import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip written as its entries come (fflate, the zip library the `docx` package uses too): each file
 * is deflated when it is added, between the exporter's pages, so the end only joins the chunks.
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
    const entry = new ZipDeflate(name, { level: 6 });
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
