import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { SandboxEvent } from '../../../contracts/inbound';
import {
  simulateCommentBodySchema,
  simulateFollowBodySchema,
  simulateMessageBodySchema,
  simulateReferralBodySchema,
  simulateTapBodySchema,
  type IngestAccepted,
  type OutboxItem,
  type SimulatedEventAccepted,
  type SimulatorState,
} from '../../../contracts/simulator';
import { hasRunWaitingForReply } from '../../../db/automation/run-waiting-for-reply';
import { forecastInbound, type InboundProbe } from '../../../workflows/keyword-clashes';
import { ingestEvents } from '../../../db/inbound/ingest-events';
import { listGrowthLinks } from '../../../db/growth/growth-links';
import type { ShardWakes } from '../../../db/inbound/wake-shards';
import { isSandboxAccount, isSandboxPost, listSandboxDeliveries, loadSimulatorState, readContactOptOut } from '../../../db/sandbox/simulator-reads';
import { optOutSettingsOf } from '../../../contracts/opt-out';
import { writeSandboxFollow } from '../../../db/sandbox/sandbox-follows';
import { matchOptOutWord } from '../../../workflows/opt-out-words';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody, parseQuery } from '../../http/validate';
import { loadKeywordClaims } from '../automation/keyword-claims';

const outboxQuerySchema = z.object({ accountId: z.uuid().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

/**
 * The built-in simulator (ARCHITECTURE.md#channels): act as a fake contact on a sandbox account. Its
 * events go through the same durable ingest path the Meta and X webhooks use. Mounted at /api/simulator.
 */
export function simulatorRoutes(pool: pg.Pool, log: Pick<Logger, 'warn'>, wakes?: ShardWakes) {
  const router = authedRouter({ read: 'workspace:read', write: 'simulator:use' });

  async function sandboxAccount(workspaceId: string, accountId: string) {
    if (!(await isSandboxAccount(pool, workspaceId, accountId))) throw new AppError('NOT_FOUND', 'Sandbox account not found');
  }

  async function accept(workspaceId: string, eventKey: string, payload: SandboxEvent): Promise<IngestAccepted> {
    const result = await ingestEvents(pool, [{ provider: 'sandbox', eventKey, workspaceId, payload }], wakes);
    // Stored either way; its shard's job was not added, so inbound:sweep picks the event up (ADR 0029).
    if (!result.woken) log.warn({ eventKey }, 'simulated event stored, but waking its inbound job failed; inbound:sweep will');
    return { accepted: true, eventId: result.ids[0] ?? null, duplicate: result.duplicates > 0 };
  }

  /** What the automations will do with this event, from the same claims the saves check (a repeat: nothing new). */
  async function forecast(
    workspaceId: string,
    accepted: IngestAccepted,
    probe: Omit<InboundProbe, 'platform'>,
    contact: { externalUserId: string; username: string },
  ): Promise<SimulatedEventAccepted> {
    const contactId = contact.externalUserId;
    if (accepted.duplicate) return { ...accepted, forecast: null };
    const { claims, accounts } = await loadKeywordClaims(pool, workspaceId);
    const platform = accounts.find((a) => a.id === probe.accountId)?.platform;
    if (!platform) return { ...accepted, forecast: null };
    const waiting = probe.event !== 'comment' && (await hasRunWaitingForReply(pool, probe.accountId, contactId));
    // The opt-out as of now: a STOP sent a moment ago counts once its event is processed.
    const optOut = await readContactOptOut(pool, workspaceId, probe.accountId, contactId);
    const word = probe.event === 'comment' ? null : matchOptOutWord(probe.text, optOutSettingsOf(optOut.settings));
    return {
      ...accepted,
      forecast: forecastInbound({ ...probe, platform }, claims, waiting, {
        who: `@${contact.username}`,
        optedOut: optOut.optedOut,
        word,
        paused: optOut.paused,
      }),
    };
  }

  router.get('/', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body: SimulatorState = await loadSimulatorState(pool, workspaceId);
    res.json(body);
  });

  router.post('/comments', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateCommentBodySchema, req);
    if (!(await isSandboxPost(pool, workspaceId, body.accountId, body.postId))) throw new AppError('NOT_FOUND', 'Sandbox account or post not found');
    const commentId = body.commentId ?? `c_${randomUUID()}`;
    const payload: SandboxEvent = {
      type: 'comment',
      accountId: body.accountId,
      postId: body.postId,
      commentId,
      from: { id: body.contact.externalUserId, name: body.contact.name, username: body.contact.username },
      text: body.text,
      createdAt: new Date().toISOString(),
    };
    const accepted = await accept(workspaceId, `comment:${body.accountId}:${commentId}`, payload);
    const probe = { event: 'comment' as const, accountId: body.accountId, postId: body.postId, text: body.text };
    res.status(202).json(await forecast(workspaceId, accepted, probe, body.contact));
  });

  router.post('/messages', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateMessageBodySchema, req);
    await sandboxAccount(workspaceId, body.accountId);
    const messageId = body.messageId ?? `m_${randomUUID()}`;
    const payload: SandboxEvent = {
      type: 'message',
      accountId: body.accountId,
      messageId,
      from: { id: body.contact.externalUserId, name: body.contact.name, username: body.contact.username },
      text: body.text,
      createdAt: new Date().toISOString(),
      ...(body.storyReply ? { storyReply: true } : {}),
    };
    const accepted = await accept(workspaceId, `message:${body.accountId}:${messageId}`, payload);
    const probe = { event: body.storyReply ? ('story_reply' as const) : ('keyword_dm' as const), accountId: body.accountId, postId: null, text: body.text };
    res.status(202).json(await forecast(workspaceId, accepted, probe, body.contact));
  });

  // A tap on an ice breaker or menu item, and a person opening an entry link: the shapes normalizeMeta
  // gives Meta's postback and `messaging_referrals` (docs/platform-apis.md §1.9, §2.12), through the same
  // ingest; the flow starts and runs as for a real tap. Sandbox accounts only: nothing reaches Meta.
  router.post('/taps', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateTapBodySchema, req);
    await sandboxAccount(workspaceId, body.accountId);
    const messageId = body.messageId ?? `postback:${randomUUID()}`;
    const payload: SandboxEvent = {
      type: 'message',
      accountId: body.accountId,
      messageId,
      from: { id: body.contact.externalUserId, name: body.contact.name, username: body.contact.username },
      text: body.title,
      createdAt: new Date().toISOString(),
      postbackPayload: body.payload,
    };
    const accepted = await accept(workspaceId, `message:${body.accountId}:${messageId}`, payload);
    res.status(202).json({ ...accepted, forecast: null } satisfies SimulatedEventAccepted);
  });

  router.post('/referrals', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateReferralBodySchema, req);
    const [link] = await listGrowthLinks(pool, workspaceId, body.linkId);
    if (!link) throw new AppError('NOT_FOUND', 'Link not found');
    // A connected account's flow would answer through Meta: the Simulator never sends there.
    if (!(await isSandboxAccount(pool, workspaceId, link.accountId)))
      throw new AppError('BAD_REQUEST', 'The Simulator opens the links of its sandbox accounts only; this one is for a connected account', {
        linkId: 'Not a sandbox account’s link',
      });
    const createdAt = new Date();
    const messageId = body.messageId ?? `referral:${body.contact.externalUserId}:${createdAt.getTime()}`;
    const payload: SandboxEvent = {
      type: 'message',
      accountId: link.accountId,
      messageId,
      from: { id: body.contact.externalUserId, name: body.contact.name, username: body.contact.username },
      text: `Opened the conversation from a link (ref ${link.ref})`,
      createdAt: createdAt.toISOString(),
      referral: { ref: link.ref, source: 'SHORTLINK' },
      referralOnly: true,
    };
    const accepted = await accept(workspaceId, `message:${link.accountId}:${messageId}`, payload);
    res.status(202).json({ ...accepted, forecast: null } satisfies SimulatedEventAccepted);
  });

  // Whether the simulated person follows the sandbox account: what a Follow gate's check reads (docs/platform-apis.md §2.13).
  router.put('/follows', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const body = parseBody(simulateFollowBodySchema, req);
    await sandboxAccount(workspaceId, body.accountId);
    await writeSandboxFollow(pool, workspaceId, body.accountId, body.externalUserId, body.follows);
    res.json(body);
  });

  router.get('/outbox', async (req, res) => {
    const workspaceId = currentUser(req).workspaceId;
    const q = parseQuery(outboxQuerySchema, req);
    const items: OutboxItem[] = await listSandboxDeliveries(pool, workspaceId, q.accountId ?? null, q.limit);
    res.json(items);
  });

  return router;
}
