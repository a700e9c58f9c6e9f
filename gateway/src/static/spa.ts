import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import * as express from 'express';

const API_PREFIXES = ['/api/', '/server/', '/healthz', '/readyz', '/mcp'];

/** Vite names the files under /assets/ by a hash of their content: a changed file gets a new name. */
const HASHED_FILES = 'public, max-age=31536000, immutable';
/** index.html names the hashed files of the current build: asked again on every visit. */
const ENTRY_PAGE = 'no-cache';
/** Other root files (favicon …) keep their names across builds. */
const ROOT_FILES = 'public, max-age=3600';

/** What the build writes beside each text file (web/vite.config.ts), in the order the server prefers them. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
type Precompressed = (typeof PRECOMPRESSED)[number];

/**
 * Serves the built SPA from `webDist`, and its index.html for every other GET that a
 * browser navigates to (the spec's client-side routes: /item/index, /page/5, /{domain} …).
 * A file the build compressed goes out as its `.br` or `.gz` twin when the browser accepts it.
 */
export function spa(webDist: string) {
  const root = path.resolve(webDist);
  const files = express.static(root, { index: false, fallthrough: true, setHeaders: (res, file) => res.setHeader('Cache-Control', cacheControl(root, file)) });
  const serve = (req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req)) return next();
    twinsOf(root, req.path)
      .then((twins) => {
        if (twins.length > 0) res.vary('Accept-Encoding');
        const chosen = preferredTwin(req.headers['accept-encoding'], twins);
        if (!chosen) {
          files(req, res, next);
          return;
        }
        const url = req.url;
        res.type(path.extname(req.path));
        res.setHeader('Content-Encoding', chosen.encoding);
        req.url = req.path + chosen.suffix;
        // The twin went away in between (a build running): the request goes on as it came.
        files(req, res, () => {
          req.url = url;
          res.removeHeader('Content-Encoding');
          res.removeHeader('Content-Type');
          next();
        });
      })
      .catch(next);
  };
  const index = path.join(root, 'index.html');
  const fallback = (req: Request, res: Response, next: NextFunction) => {
    if (!isPageRequest(req)) return next();
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    req.url = '/index.html';
    serve(req, res, next);
  };
  return [serve, fallback];
}

/** A GET or HEAD outside the API: a file of the SPA, or one of its routes. */
function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !API_PREFIXES.some((prefix) => req.path.startsWith(prefix));
}

function cacheControl(root: string, file: string): string {
  const relative = path.relative(root, file);
  if (relative.startsWith(`assets${path.sep}`)) return HASHED_FILES;
  return relative.startsWith('index.html') ? ENTRY_PAGE : ROOT_FILES;
}

/** The compressed twins the build wrote beside the file `urlPath` names (none for a path outside `root`). */
async function twinsOf(root: string, urlPath: string): Promise<Precompressed[]> {
  let file: string;
  try {
    file = path.join(root, decodeURIComponent(urlPath));
  } catch {
    return [];
  }
  if (!file.startsWith(root + path.sep) || file.includes('\0')) return [];
  const found = await Promise.all(
    PRECOMPRESSED.map((twin) =>
      fs.promises.stat(file + twin.suffix).then(
        (stat) => stat.isFile(),
        () => false,
      ),
    ),
  );
  return PRECOMPRESSED.filter((_, i) => found[i]);
}

/**
 * The twin to send for this Accept-Encoding: the highest q-value among those present, Brotli on a
 * tie (browsers list gzip first); none when the header names neither (or is absent) or ranks identity higher.
 */
function preferredTwin(header: string | undefined, twins: Precompressed[]): Precompressed | undefined {
  const accepted = acceptedEncodings(header ?? '');
  const identity = accepted.get('identity') ?? 0;
  let best: Precompressed | undefined;
  let bestQ = 0;
  for (const twin of twins) {
    const q = accepted.get(twin.encoding) ?? accepted.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [twin, q];
  }
  return best && bestQ >= identity ? best : undefined;
}

/** `gzip, br;q=0.8` as `{gzip → 1, br → 0.8}` (names in lower case). */
function acceptedEncodings(header: string): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const qParam = params.find((param) => /^q=/i.test(param));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    accepted.set(name.toLowerCase(), Number.isFinite(q) ? q : 0);
  }
  return accepted;
}
