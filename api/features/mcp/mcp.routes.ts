import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RequestHandler } from 'express';
import { apiKeyRouter, currentApiKey, scopesCheckedPerCall } from '../../http/api-key-auth';
import { buildMcpServer, type McpDeps } from './mcp-tools';

/**
 * The MCP server (docs/api-import-mcp.md), mounted at /mcp: Streamable HTTP, stateless: each POST
 * is one JSON-RPC exchange with a server and transport made for it (the SDK's stateless pattern), so
 * any web process answers any request and nothing is kept between them. Behind the same API key
 * middleware as /api/v1 (401 without a key, the key's per-minute limit with 429 and Retry-After);
 * each tool checks its own scope (mcp-tools.ts). Without sessions there is no server-to-client
 * stream to open (GET) or session to end (DELETE): 405, which the SDK's client expects.
 */
export function mcpRoutes(deps: McpDeps, keyAuth: RequestHandler) {
  const router = apiKeyRouter(keyAuth);

  router.post('/', scopesCheckedPerCall(), async (req, res) => {
    const server = buildMcpServer(currentApiKey(req), deps);
    // JSON answers rather than an SSE stream: no tool streams progress, and a plain answer is what proxies handle best.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  const notAllowed: RequestHandler = (_req, res) => {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless (POST only)' }, id: null });
  };
  router.get('/', scopesCheckedPerCall(), notAllowed);
  router.delete('/', scopesCheckedPerCall(), notAllowed);
  return router;
}
