import { All, Controller, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { findRoute, SESSION_COOKIE, type Reply } from '@quire/proto';
import { BlobSender } from '../download/blob-sender';
import { clearCookie, writeCookie } from '../http/cookies';
import { sendData, sendJsonData } from '../http/envelope';
import { answerIfNotModified } from '../http/revalidation';
import { EditorMdReplies } from '../upload/editor-md-replies';
import { ApiService, type ApiCall } from './api.service';

/** Every `/api/<controller>/<action>`, any method; the route table in proto decides the rest. */
@Controller('api')
export class ApiController {
  constructor(
    private readonly api: ApiService,
    private readonly blobs: BlobSender,
    private readonly editorMd: EditorMdReplies,
  ) {}

  @All(':controller/:action')
  async handle(@Param('controller') controller: string, @Param('action') action: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (!findRoute(controller, action)?.upload?.editorMd) {
      const call = await this.api.prepare(req, res, controller, action);
      return this.send(req, res, call, await this.api.forward(call));
    }
    try {
      const call = await this.api.prepare(req, res, controller, action);
      const reply = await this.api.forward(call);
      if (reply.data !== undefined) this.editorMd.success(res, reply.data);
      else await this.send(req, res, call, reply);
    } catch (error) {
      this.editorMd.failure(req, res, error);
    }
  }

  private async send(req: Request, res: Response, call: ApiCall, reply: Reply): Promise<void> {
    // A call an explicit token authenticated leaves the browser's own session cookie alone.
    if (reply.session && 'set' in reply.session && !call.explicit) writeCookie(req, res, SESSION_COOKIE, reply.session.set, reply.session.maxAgeSeconds);
    if (reply.session && 'clear' in reply.session && !call.explicit) clearCookie(req, res, SESSION_COOKIE);
    if (reply.version !== undefined && answerIfNotModified(req, res, reply.version)) return;
    if (reply.empty) {
      res.status(200).end();
    } else if (reply.json !== undefined) {
      sendJsonData(res, reply.json);
    } else if (reply.blob) {
      await this.blobs.send(res, reply.blob);
    } else if (reply.raw) {
      res.status(200).type(reply.raw.contentType);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Cache-Control', 'no-store');
      if (reply.raw.filename) res.attachment(reply.raw.filename);
      res.end(Buffer.from(reply.raw.base64, 'base64'));
    } else {
      sendData(res, reply.data);
    }
  }
}
