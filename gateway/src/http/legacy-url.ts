import type { NextFunction, Request, Response } from 'express';

/**
 * ShowDoc clients call `/server/index.php?s=/api/item/info&x=1` ([ERA]) or
 * `/server/api/item/info` ([HEAD-N]); both are rewritten to `/api/item/info?x=1`.
 * ShowDoc 3.9's health check `/server/index.php?s=/ping` becomes `/server/ping` (PingController).
 */
export function legacyUrls() {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.url.startsWith('/server/index.php')) {
      const query = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1 || req.url.length));
      const route = query.get('s');
      if (route && route.startsWith('/')) {
        query.delete('s');
        const rest = query.toString();
        // `s` names a path under ShowDoc's /server (HEAD-N): `?s=/ping` is `/server/ping`; API calls go straight to /api.
        const target = route === '/ping' ? '/server/ping' : route;
        req.url = rest ? `${target}?${rest}` : target;
      }
    } else if (req.url.startsWith('/server/api/')) {
      req.url = req.url.slice('/server'.length);
    }
    next();
  };
}
