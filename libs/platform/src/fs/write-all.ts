import * as fs from 'node:fs';

/** Writes the whole buffer at the descriptor's position (a write may take only part of it). */
export function writeAll(fd: number, data: Buffer): void {
  for (let written = 0; written < data.length; ) written += fs.writeSync(fd, data, written, data.length - written);
}
