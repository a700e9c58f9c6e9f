import * as fs from 'node:fs';
import * as path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import * as express from 'express';

const API_PREFIXES = ['/api/', '/server/', '/healthz', '/readyz'];

/**
 * Serves the built SPA from `webDist`, and its index.html for every other GET that a
 * browser navigates to (the spec's client-side routes: /item/index, /page/5, /{domain} …).
 */
export function spa(webDist: string) {
  const index = path.join(webDist, 'index.html');
  const files = express.static(webDist, { index: false, maxAge: '1h', fallthrough: true });
  const fallback = (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || API_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    if (!fs.existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build:web`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  };
  return [files, fallback];
}
