import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { analyticsTimeframeSchema, timeframeDays, toSummary } from '../../../contracts/analytics';
import type { ApiScope } from '../../../contracts/api-keys';
import { idempotencyKeySchema, listContactsQuerySchema } from '../../../contracts/api-v1';
import { listConversationsQuerySchema } from '../../../contracts/inbox';
import { createKnowledgeBodySchema, knowledgeVisibilities } from '../../../contracts/knowledge';
import type { ApiKeyPrincipal } from '../../../db/api-keys/api-keys';
import { listApiContacts } from '../../../db/contacts/api-contacts';
import { readFigures } from '../../../db/figures/read-figures';
import { listFlows } from '../../../db/flows/read-flows';
import { startContactRun } from '../../../db/flows/start-contact-run';
import { getConversation, listConversations, listMessages } from '../../../db/inbox/read-inbox';
import type { SendLimits } from '../../../db/sends/send-limits';
import { withTransaction } from '../../../db/transaction';
import { scopeRefusal } from '../../http/api-key-auth';
import { AppError } from '../../http/errors';
import { contactRunAnswer } from '../api-v1/contact-run-answer';
import { sendApiReply } from '../api-v1/send-api-reply';
import { decodeCursor } from '../inbox/inbox.cursor';
import { createKnowledgeEntry } from '../knowledge/create-knowledge-entry';

export interface McpDeps {
  pool: pg.Pool;
  limits: SendLimits;
  log: Logger;
}

/** The tool set's version, told to clients at initialize: raise it when a tool changes shape. */
const TOOLS_VERSION = '1.0.0';

const json = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] });
const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
const cursorOf = (cursor: string | undefined) => (cursor ? decodeCursor(cursor) : undefined);

const conversationId = z.uuid().describe('The conversation id (from list_conversations)');
const limit = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
const knowledgeKinds = ['faq', 'document', 'offer', 'testimonial'] as const;

/**
 * The MCP server one API key's request talks to (Model Context Protocol; api/features/mcp/mcp.routes.ts
 * makes one per request, stateless). Every tool checks its own scope first, with the same rule as
 * /api/v1 (scopeRefusal: held by the key and still allowed by its creator's role), and answers a
 * refusal as a tool error naming the scope. Each tool calls the same functions as the app's pages and
 * /api/v1: a reply is an inbox reply (sendApiReply), a flow starts as POST /api/v1/flows/:id/runs, the
 * figures are db/figures'. Another workspace's ids are "not found". Errors (AppError) become tool
 * errors with the app's message; anything else is logged and answered without its details.
 */
export function buildMcpServer(key: ApiKeyPrincipal, deps: McpDeps): McpServer {
  const server = new McpServer({ name: 'replypilot', version: TOOLS_VERSION });
  const { pool } = deps;
  const ws = key.workspaceId;

  /** Runs `act` when the key holds every scope, else a tool error naming the first it lacks. */
  const scoped =
    <A>(scopes: ApiScope[], act: (args: A) => Promise<unknown>) =>
    async (args: A): Promise<CallToolResult> => {
      for (const scope of scopes) {
        const refusal = scopeRefusal(key, scope);
        if (refusal) return toolError(refusal);
      }
      try {
        return json(await act(args));
      } catch (err) {
        if (err instanceof AppError) return toolError(err.message);
        // Not the raw message (it may name tables or SQL), as the app's error handler answers a 500.
        deps.log.error({ err, workspaceId: ws, apiKeyId: key.keyId }, 'MCP tool failed');
        return toolError('Something went wrong on our side; try again');
      }
    };

  server.registerTool(
    'search_contacts',
    {
      title: 'Search contacts',
      description:
        'Contacts, newest first: search by name or handle (q), filter by tag. Pass nextCursor back as cursor for the next page. Scope contacts:read.',
      inputSchema: {
        q: listContactsQuerySchema.shape.q.describe('Part of a name or handle (case-insensitive)'),
        tag: listContactsQuerySchema.shape.tag.describe('Only contacts with this tag'),
        limit: limit(100, 20),
        cursor: z.string().max(200).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    scoped(['contacts:read'], ({ cursor, ...q }) => listApiContacts(pool, ws, { ...q, cursor: cursorOf(cursor) })),
  );

  server.registerTool(
    'list_conversations',
    {
      title: 'List conversations',
      description: 'Conversations, latest message first; search finds a contact or message text. Scope conversations:read.',
      inputSchema: {
        search: z.string().trim().max(200).optional(),
        status: listConversationsQuerySchema.shape.status,
        limit: limit(100, 20),
        cursor: z.string().max(200).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    scoped(['conversations:read'], async ({ cursor, ...q }) => {
      const found = await listConversations(pool, ws, { ...q, cursor: cursorOf(cursor) });
      return { data: found.conversations, nextCursor: found.nextCursor };
    }),
  );

  server.registerTool(
    'get_conversation',
    {
      title: 'Read a conversation',
      description: 'A conversation with its most recent messages (oldest first). Scopes conversations:read and messages:read.',
      inputSchema: { conversationId, messages: limit(100, 30).describe('How many recent messages') },
      annotations: { readOnlyHint: true },
    },
    scoped(['conversations:read', 'messages:read'], async ({ conversationId: id, messages }) => {
      const conversation = await getConversation(pool, ws, id);
      if (!conversation) throw new AppError('NOT_FOUND', 'Conversation not found');
      const recent = await listMessages(pool, ws, id, { limit: messages });
      return { conversation, messages: recent.messages, olderCursor: recent.nextCursor };
    }),
  );

  server.registerTool(
    'send_reply',
    {
      title: 'Send a reply',
      description:
        "Reply to the contact, exactly as a reply from the inbox: queued on the send ledger with the platform's window checks, pacing and opt-out rules, and it takes the conversation over from automation. The same idempotencyKey again answers the first reply instead of sending twice. Scope messages:write.",
      inputSchema: {
        conversationId,
        content: z.string().trim().min(1).max(2000).describe('The message text'),
        idempotencyKey: idempotencyKeySchema.optional().describe('Retry-safe key: the same key is the same reply (shared with the REST API’s Idempotency-Key)'),
      },
      annotations: { destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    scoped(['messages:write'], async ({ conversationId: id, content, idempotencyKey }) => (await sendApiReply(deps, key, id, content, idempotencyKey)).body),
  );

  server.registerTool(
    'list_flows',
    {
      title: 'List flows',
      description: 'Every flow of the workspace, with whether it is active. Scope flows:read.',
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    scoped(['flows:read'], async () => ({ data: await listFlows(pool, ws) })),
  );

  server.registerTool(
    'start_flow',
    {
      title: 'Start a flow for a contact',
      description:
        "Start a run of an active flow's published version for a contact. Its messages go through the send ledger like any run's (the platform's messaging window, pacing, opt-out). Scope flows:write.",
      inputSchema: { flowId: z.uuid().describe('The flow id (from list_flows)'), contactId: z.uuid().describe('The contact id (from search_contacts)') },
      annotations: { destructiveHint: false, openWorldHint: true },
    },
    scoped(['flows:write'], async ({ flowId, contactId }) =>
      contactRunAnswer(await withTransaction(pool, (client) => startContactRun(client, ws, flowId, contactId))),
    ),
  );

  server.registerTool(
    'add_knowledge_entry',
    {
      title: 'Add a knowledge entry',
      description:
        'Add to the knowledge base the AI assistant answers from. faq: question + answer; document: title + text; offer: name (+ description, priceCents, duration, link); testimonial: quote + author. Scope knowledge:write.',
      inputSchema: {
        kind: z.enum(knowledgeKinds),
        question: z.string().optional(),
        answer: z.string().optional(),
        title: z.string().optional(),
        text: z.string().optional(),
        name: z.string().optional(),
        description: z.string().optional(),
        priceCents: z.number().int().optional(),
        duration: z.string().optional(),
        link: z.string().optional(),
        quote: z.string().optional(),
        author: z.string().optional(),
        visibility: z.enum(knowledgeVisibilities).optional(),
      },
    },
    scoped(['knowledge:write'], async (args) => {
      const parsed = createKnowledgeBodySchema.safeParse(Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)));
      if (!parsed.success) throw new AppError('BAD_REQUEST', z.prettifyError(parsed.error));
      const { entry, created } = await createKnowledgeEntry(pool, ws, parsed.data);
      return { entry, created };
    }),
  );

  server.registerTool(
    'get_analytics_summary',
    {
      title: 'Read the analytics summary',
      description:
        "The workspace's figures for the last 7, 30 or 90 days (today included, in its time zone): the same numbers as the Analytics page. Scope analytics:read.",
      inputSchema: { timeframe: analyticsTimeframeSchema.default('30d') },
      annotations: { readOnlyHint: true },
    },
    scoped(['analytics:read'], async ({ timeframe }) => {
      const figures = await readFigures(pool, ws, { kind: 'days', days: timeframeDays[timeframe] });
      return { timeframe, summary: toSummary(figures), figures };
    }),
  );

  return server;
}
