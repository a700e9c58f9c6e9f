import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import type { QuireConfig } from '@quire/config';
import { bodyParsers, sendBodyError } from './http/body-parsers';
import { compressReplies } from './http/compress-replies';
import { keepIdleConnections } from './http/idle-connections';
import { legacyUrls } from './http/legacy-url';
import { securityHeaders } from './http/security-headers';
import { answerUnreadableRequests } from './http/unreadable-requests';
import { inlineScriptSources } from './static/inline-scripts';
import { spa } from './static/spa';
import { routeUpgrades } from './http/upgrades';

/**
 * The express part of the gateway, shared by the embedded app and the gateway process:
 * security headers on every answer, legacy URLs, compressed API answers, cookies, body parsers (their failures become the envelope),
 * the SPA (its files precompressed by the build), idle connections the client closes first, and the envelope for requests Node's HTTP parser cannot read.
 * Create the app with `{ bodyParser: false }` so these parsers are the only ones.
 */
export function configureGateway(app: NestExpressApplication, config: QuireConfig): void {
  app.set('trust proxy', config.http.trustProxy);
  app.disable('x-powered-by');
  // API replies answer POSTs and change with every save: an ETag (a hash of each body) serves nobody.
  // Versioned replies (item/info, page/info) carry their own (http/revalidation.ts); the SPA's files keep theirs (serve-static sets its own).
  app.set('etag', false);
  app.use(...securityHeaders(inlineScriptSources(config.http.webDist)));
  app.use(legacyUrls());
  app.use('/api', compressReplies());
  app.use(cookieParser());
  app.use(...bodyParsers());
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => (error ? sendBodyError(req, res, error, config.language) : next()));
  app.use(...spa(config.http.webDist));
  keepIdleConnections(app.getHttpServer());
  answerUnreadableRequests(app.getHttpServer(), config.language);
  routeUpgrades(app, app.getHttpServer());
  // SIGTERM: stop accepting connections, let in-flight requests finish, close the transport, exit 0.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT'], { useProcessExit: true });
}
