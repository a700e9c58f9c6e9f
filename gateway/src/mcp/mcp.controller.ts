import { All, Controller, Inject, Logger, Req, Res } from '@nestjs/common';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import type { QuireConfig } from '@quire/config';
import { QUIRE_CONFIG, TransportClient } from '@quire/platform';
import { PERSONAL_TOKEN_PREFIX, type QuireContracts, translate } from '@quire/proto';
import { requestLanguage } from '../http/request-language';
import { PersonalTokenGuard } from '../security/personal-token-guard';
import { CallerResolver } from '../session/caller-resolver';
import { buildMcpServer } from './mcp-tools';

/** The JSON-RPC error code of a request that carried no valid personal token (the SDK's servers use -32001 alike). */
const UNAUTHORIZED = -32001;

/**
 * `/mcp`: the Model Context Protocol for AI assistants (issue 21), over Streamable HTTP without sessions (each
 * POST carries its own token and gets its own server, so any gateway replica answers it). Only a personal API
 * token opens it (`Authorization: Bearer qpat_…`): never the browser's cookie, so another site cannot drive it.
 */
@Controller()
export class McpController {
  private readonly logger = new Logger(McpController.name);

  constructor(
    private readonly callers: CallerResolver,
    private readonly tokens: PersonalTokenGuard,
    private readonly transport: TransportClient<QuireContracts>,
    @Inject(QUIRE_CONFIG) private readonly config: QuireConfig,
  ) {}

  @All('mcp')
  async handle(@Req() req: Request, @Res() res: Response): Promise<void> {
    const language = requestLanguage(req, this.config.language);
    const { caller, versions } = await this.callers.resolve(req, res, {});
    if (!caller.personalToken) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="quire"');
      const key = this.callers.token(req, {})?.startsWith(PERSONAL_TOKEN_PREFIX) ? 'token_invalid' : 'mcp_token_required';
      res.status(401).json({ jsonrpc: '2.0', error: { code: UNAUTHORIZED, message: translate(key, language) }, id: null });
      return;
    }
    const server = buildMcpServer({ transport: this.transport, tokens: this.tokens, version: '1.0.0' }, { caller, versions, language });
    const http = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void http.close();
      void server.close();
    });
    try {
      await server.connect(http);
      await http.handleRequest(req, res, req.body);
    } catch (error) {
      this.logger.error(`MCP request failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: translate('internal_error', language) }, id: null });
    }
  }
}
