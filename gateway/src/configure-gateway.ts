import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { QuireConfig } from '@quire/config';
import { translate } from '@quire/proto';
import { bodyErrorToAppError, bodyParsers } from './http/body-parsers';
import { sendError } from './http/envelope';
import { legacyUrls } from './http/legacy-url';
import { spa } from './static/spa';

/**
 * The express part of the gateway, shared by the embedded app and the gateway process:
 * legacy URLs, body parsers (their failures become the envelope), the SPA.
 * Create the app with `{ bodyParser: false }` so these parsers are the only ones.
 */
export function configureGateway(app: NestExpressApplication, config: QuireConfig): void {
  app.set('trust proxy', config.http.trustProxy);
  app.disable('x-powered-by');
  // API replies answer POSTs and change with every save: an ETag (a hash of each body) serves nobody.
  // The SPA's files keep theirs (serve-static sets its own).
  app.set('etag', false);
  app.use(legacyUrls());
  app.use(...bodyParsers());
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!error) return next();
    const appError = bodyErrorToAppError(error);
    sendError(res, appError.code, translate(appError.key, config.language, appError.params), appError.key === 'body_too_large' ? 413 : 400);
  });
  app.use(...spa(config.http.webDist));
  // SIGTERM: stop accepting connections, let in-flight requests finish, close the transport, exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
}
