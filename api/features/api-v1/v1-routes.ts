import type { Request } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import type { ApiScope } from '../../../contracts/api-keys';
import {
  contactSchema,
  idempotencyKeySchema,
  listContactsQuerySchema,
  listKnowledgeApiQuerySchema,
  pageQuerySchema,
  startRunBodySchema,
  updateContactBodySchema,
} from '../../../contracts/api-v1';
import { createConversionBodySchema } from '../../../contracts/conversions';
import { enrollBodySchema } from '../../../contracts/sequences';
import { enrollContact, unenrollContact } from '../../../db/sequences/enroll';
import { listConversationsQuerySchema, sendMessageBodySchema } from '../../../contracts/inbox';
import { createKnowledgeBodySchema } from '../../../contracts/knowledge';
import { leadCursorSchema, leadFiltersSchema, listLeadsQuerySchema } from '../../../contracts/leads';
import { getBroadcast, listBroadcastPage } from '../../../db/broadcasts/read-broadcasts';
import { getApiContact, listApiContacts, listTags, updateApiContact } from '../../../db/contacts/api-contacts';
import { listApiConversions } from '../../../db/conversions/read-conversions';
import { recordApiConversion } from '../../../db/conversions/record-conversion';
import { listApiFlows } from '../../../db/flows/read-flows';
import { startContactRun } from '../../../db/flows/start-contact-run';
import { getConversation, listConversations, listMessages } from '../../../db/inbox/read-inbox';
import { listApiEntries } from '../../../db/knowledge/read-entries';
import { getLead, listLeads } from '../../../db/leads/read-leads';
import type { SendLimits } from '../../../db/sends/send-limits';
import { withTransaction } from '../../../db/transaction';
import type { ApiKeyPrincipal } from '../../../db/api-keys/api-keys';
import { AppError } from '../../http/errors';
import { idParam } from '../../http/routers';
import { parseBody, parseQuery, parseWith } from '../../http/validate';
import { decodeCursor, withDecodedCursor } from '../inbox/inbox.cursor';
import type { EventWebhookService } from '../event-webhooks/event-webhooks.service';
import { createKnowledgeEntry } from '../knowledge/create-knowledge-entry';
import { contactRunAnswer } from './contact-run-answer';
import { sendApiReply } from './send-api-reply';
import { v1WebhookRoutes } from './v1-webhook-routes';

export interface V1Deps {
  pool: pg.Pool;
  limits: SendLimits;
  webhooks: EventWebhookService;
}

/** What a handler answers: a status (200 unless said) and a JSON body. */
export interface V1Answer {
  status?: number;
  body: unknown;
}

/**
 * One route of /api/v1: THE table both the router (api-v1.routes.ts) and the OpenAPI document
 * (openapi.ts) are built from, so neither can name a route the other lacks. `path` is Express's
 * (`/contacts/:id`); schemas are the app's zod contracts.
 */
export interface V1Route {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  scope: ApiScope;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Takes an `Idempotency-Key` header (a retry with the same key gets the first answer). */
  idempotent?: boolean;
  /** The success answer's status and, where the contracts have one, its schema. */
  response: { status: number; description: string; schema?: z.ZodType };
  handle(req: Request, key: ApiKeyPrincipal, deps: V1Deps): Promise<V1Answer>;
}

const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
const page = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), nextCursor: z.string().nullable() });
const anyObject = z.record(z.string(), z.unknown());

/** The leads list's keyset cursor as the public API's `cursor`. */
const leadsQuerySchema = leadFiltersSchema.extend({ cursor: leadCursorSchema.optional(), limit: pageQuerySchema.shape.limit });

export const v1Routes: V1Route[] = [
  {
    method: 'get',
    path: '/contacts',
    scope: 'contacts:read',
    summary: 'List contacts, newest first; search by name or handle with q, filter by tag',
    query: listContactsQuerySchema,
    response: { status: 200, description: 'A page of contacts', schema: page(contactSchema) },
    handle: async (req, key, { pool }) => {
      const { cursor, ...q } = parseQuery(listContactsQuerySchema, req);
      return { body: await listApiContacts(pool, key.workspaceId, { ...q, cursor: cursor ? decodeCursor(cursor) : undefined }) };
    },
  },
  {
    method: 'get',
    path: '/contacts/:id',
    scope: 'contacts:read',
    summary: 'Get a contact',
    response: { status: 200, description: 'The contact', schema: contactSchema },
    handle: async (req, key, { pool }) => {
      const contact = await getApiContact(pool, key.workspaceId, idParam(req));
      if (!contact) throw notFound('Contact');
      return { body: contact };
    },
  },
  {
    method: 'patch',
    path: '/contacts/:id',
    scope: 'contacts:write',
    summary: 'Change a contact: name, custom fields (merged; null removes one) and tags (add, remove or replace)',
    body: updateContactBodySchema,
    response: { status: 200, description: 'The changed contact', schema: contactSchema },
    handle: async (req, key, { pool }) => {
      const contact = await updateApiContact(pool, key.workspaceId, idParam(req), parseBody(updateContactBodySchema, req));
      if (!contact) throw notFound('Contact');
      return { body: contact };
    },
  },
  {
    method: 'post',
    path: '/sequences/:id/enrollments',
    scope: 'contacts:write',
    summary: 'Enrol a contact in a sequence (ADR 0048); enrolling a contact already in it answers 200 with the same enrolment',
    body: enrollBodySchema,
    response: { status: 201, description: 'The enrolment', schema: z.object({ enrollmentId: z.uuid(), created: z.boolean() }) },
    handle: async (req, key, { pool }) => {
      const { contactId } = parseBody(enrollBodySchema, req);
      const r = await withTransaction(pool, (c) => enrollContact(c, { workspaceId: key.workspaceId, sequenceId: idParam(req), contactId, source: 'api' }));
      if (r === 'sequence_not_found') throw notFound('Sequence');
      if (r === 'contact_not_found') throw notFound('Contact');
      if (r === 'inactive' || r === 'wrong_account')
        throw new AppError('CONFLICT', r === 'inactive' ? 'This sequence is turned off' : 'This contact belongs to another account than the sequence’s');
      return { status: r.created ? 201 : 200, body: r };
    },
  },
  {
    method: 'delete',
    path: '/sequences/:id/enrollments/:contactId',
    scope: 'contacts:write',
    summary: 'Take a contact out of a sequence: its remaining steps are not sent',
    response: { status: 204, description: 'Unenrolled' },
    handle: async (req, key, { pool }) => {
      const done = await unenrollContact(pool, { workspaceId: key.workspaceId, sequenceId: idParam(req), contactId: idParam(req, 'contactId') });
      if (!done) throw notFound('Enrolment');
      return { status: 204, body: null };
    },
  },
  {
    method: 'get',
    path: '/tags',
    scope: 'tags:read',
    summary: 'Every tag in use, with how many contacts carry it',
    response: { status: 200, description: 'The tags', schema: z.object({ data: z.array(z.object({ name: z.string(), contacts: z.number() })) }) },
    handle: async (_req, key, { pool }) => ({ body: { data: await listTags(pool, key.workspaceId) } }),
  },
  {
    method: 'get',
    path: '/conversations',
    scope: 'conversations:read',
    summary: 'List conversations, latest message first (filters as in the inbox)',
    query: listConversationsQuerySchema.omit({ assignee: true }),
    response: { status: 200, description: 'A page of conversations', schema: page(anyObject) },
    handle: async (req, key, { pool }) => {
      const { cursor, ...q } = parseQuery(listConversationsQuerySchema.omit({ assignee: true }), req);
      const found = await listConversations(pool, key.workspaceId, { ...q, cursor: cursor ? decodeCursor(cursor) : undefined });
      return { body: { data: found.conversations, nextCursor: found.nextCursor } };
    },
  },
  {
    method: 'get',
    path: '/conversations/:id/messages',
    scope: 'messages:read',
    summary: "A conversation's messages, newest page first (each page oldest first)",
    query: pageQuerySchema,
    response: { status: 200, description: 'A page of messages', schema: page(anyObject) },
    handle: async (req, key, { pool }) => {
      const id = idParam(req);
      const q = parseQuery(pageQuerySchema, req);
      if (!(await getConversation(pool, key.workspaceId, id))) throw notFound('Conversation');
      const found = await listMessages(pool, key.workspaceId, id, { limit: q.limit, before: q.cursor ? decodeCursor(q.cursor) : undefined });
      return { body: { data: found.messages, nextCursor: found.nextCursor } };
    },
  },
  {
    method: 'post',
    path: '/conversations/:id/messages',
    scope: 'messages:write',
    summary:
      "Reply to the contact, exactly as a reply from the inbox: queued on the send ledger with the platform's window checks, pacing and opt-out rules, and it takes the conversation over from automation",
    body: sendMessageBodySchema.pick({ content: true }),
    idempotent: true,
    response: { status: 201, description: 'The queued message', schema: z.object({ message: anyObject }) },
    handle: async (req, key, deps) => {
      const { content } = parseBody(sendMessageBodySchema.pick({ content: true }), req);
      const header = req.get('idempotency-key');
      const idempotencyKey = header === undefined ? undefined : parseWith(idempotencyKeySchema, header, 'Invalid Idempotency-Key header');
      return sendApiReply(deps, key, idParam(req), content, idempotencyKey);
    },
  },
  {
    method: 'get',
    path: '/flows',
    scope: 'flows:read',
    summary: 'List flows, newest created first',
    query: pageQuerySchema,
    response: { status: 200, description: 'A page of flows', schema: page(anyObject) },
    handle: async (req, key, { pool }) => ({ body: await listApiFlows(pool, key.workspaceId, withDecodedCursor(parseQuery(pageQuerySchema, req))) }),
  },
  {
    method: 'post',
    path: '/flows/:id/runs',
    scope: 'flows:write',
    summary:
      "Start a run of an active flow's published version for a contact (its messages go through the send ledger like any run's: window checks, pacing, opt-out)",
    body: startRunBodySchema,
    response: { status: 201, description: 'The started run', schema: z.object({ runId: z.uuid() }) },
    handle: async (req, key, { pool }) => {
      const { contactId } = parseBody(startRunBodySchema, req);
      const started = await withTransaction(pool, (client) => startContactRun(client, key.workspaceId, idParam(req), contactId));
      return { status: 201, body: contactRunAnswer(started) };
    },
  },
  {
    method: 'get',
    path: '/leads',
    scope: 'leads:read',
    summary: 'List leads, newest first (filter by status, source, search)',
    query: leadsQuerySchema,
    response: { status: 200, description: 'A page of leads', schema: page(anyObject) },
    handle: async (req, key, { pool }) => {
      const { cursor, ...q } = parseQuery(leadsQuerySchema, req);
      const found = await listLeads(pool, key.workspaceId, listLeadsQuerySchema.parse({ ...q, after: cursor }));
      return { body: { data: found.leads, nextCursor: found.pagination.nextCursor } };
    },
  },
  {
    method: 'get',
    path: '/leads/:id',
    scope: 'leads:read',
    summary: 'Get a lead',
    response: { status: 200, description: 'The lead', schema: anyObject },
    handle: async (req, key, { pool }) => {
      const lead = await getLead(pool, key.workspaceId, idParam(req));
      if (!lead) throw notFound('Lead');
      return { body: lead };
    },
  },
  {
    method: 'get',
    path: '/conversions',
    scope: 'conversions:read',
    summary: 'List conversions (sales from leads, shops and flows), newest first',
    query: pageQuerySchema,
    response: { status: 200, description: 'A page of conversions', schema: page(anyObject) },
    handle: async (req, key, { pool }) => {
      const { cursor, limit } = parseQuery(pageQuerySchema, req);
      return { body: await listApiConversions(pool, key.workspaceId, { limit, cursor: cursor ? decodeCursor(cursor) : undefined }) };
    },
  },
  {
    method: 'post',
    path: '/conversions',
    scope: 'conversions:write',
    summary: 'Report a sale (201; the same idempotencyKey again answers 200 with the first one)',
    body: createConversionBodySchema,
    response: { status: 201, description: 'The conversion', schema: anyObject },
    handle: async (req, key, { pool }) => {
      const result = await recordApiConversion(pool, key.workspaceId, parseBody(createConversionBodySchema, req));
      if (result === 'not_found') throw notFound('Lead or contact');
      return { status: result.created ? 201 : 200, body: result.conversion };
    },
  },
  {
    method: 'get',
    path: '/broadcasts',
    scope: 'broadcasts:read',
    summary: 'List broadcasts with their progress, newest first',
    query: pageQuerySchema,
    response: { status: 200, description: 'A page of broadcasts', schema: page(anyObject) },
    handle: async (req, key, { pool }) => ({ body: await listBroadcastPage(pool, key.workspaceId, withDecodedCursor(parseQuery(pageQuerySchema, req))) }),
  },
  {
    method: 'get',
    path: '/broadcasts/:id',
    scope: 'broadcasts:read',
    summary: 'Get a broadcast with its progress',
    response: { status: 200, description: 'The broadcast', schema: anyObject },
    handle: async (req, key, { pool }) => {
      const broadcast = await getBroadcast(pool, key.workspaceId, idParam(req));
      if (!broadcast) throw notFound('Broadcast');
      return { body: broadcast };
    },
  },
  {
    method: 'get',
    path: '/knowledge',
    scope: 'knowledge:read',
    summary: 'List knowledge entries, newest created first (filter by kind, visibility, q)',
    query: listKnowledgeApiQuerySchema,
    response: { status: 200, description: 'A page of entries', schema: page(anyObject) },
    handle: async (req, key, { pool }) => ({
      body: await listApiEntries(pool, key.workspaceId, withDecodedCursor(parseQuery(listKnowledgeApiQuerySchema, req))),
    }),
  },
  {
    method: 'post',
    path: '/knowledge',
    scope: 'knowledge:write',
    summary: 'Add a knowledge entry (a profile answer replaces that question’s answer: 200)',
    body: createKnowledgeBodySchema,
    response: { status: 201, description: 'The entry', schema: anyObject },
    handle: async (req, key, { pool }) => {
      const { entry, created } = await createKnowledgeEntry(pool, key.workspaceId, parseBody(createKnowledgeBodySchema, req));
      return { status: created ? 201 : 200, body: entry };
    },
  },
  ...v1WebhookRoutes,
];
