import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ensureWebBuilt } from './ensure-web-build';

interface ManifestEntry {
  file: string;
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}

/** Every file the build's manifest names is there, and index.html loads the manifest's entry. */
function isComplete(dir: string): boolean {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(indexFile)) return false;
  let manifest: Record<string, ManifestEntry>;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  } catch {
    return false;
  }
  const entries = Object.values(manifest);
  const files = entries.flatMap((entry) => [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]);
  if (!files.every((file) => fs.existsSync(path.join(dir, file)))) return false;
  const index = fs.readFileSync(indexFile, 'utf8');
  return entries.filter((entry) => entry.isEntry).every((entry) => index.includes(entry.file));
}

/**
 * A private, complete copy of the built SPA for one suite. Suites running at the same time
 * rebuild web/dist when its sources change; an app serving web/dist itself would then hand the
 * browser an index.html whose lazily loaded chunks were just replaced.
 */
export async function privateWebDist(): Promise<{ dir: string; remove: () => void }> {
  for (let attempt = 1; ; attempt += 1) {
    const built = await ensureWebBuilt();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-web-dist-'));
    fs.cpSync(built, dir, { recursive: true });
    if (isComplete(dir)) return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
    fs.rmSync(dir, { recursive: true, force: true });
    if (attempt === 10) throw new Error(`${built} stayed incomplete (another suite kept rebuilding it)`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
