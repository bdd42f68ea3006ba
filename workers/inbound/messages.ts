import type { NormalizedEvent } from '../../contracts/inbound';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { resumeWaitingRuns } from '../../db/flows/runs';
import { storeEcho } from '../../db/inbound/store-echo';
import { storeInboundDm } from '../../db/inbound/store-inbound-dm';
import { recordAssignments } from '../../db/audit/record-assignments';
import { classifyIntent } from '../../workflows/classify-intent';
import { insertTriggeredRuns, type TriggerEvent } from '../flows/triggers';
import { applyReferralLink } from '../../db/growth/referral-link';
import { flowIdOfPayload } from '../../contracts/growth';
import { captureLead } from './capture-lead';
import { applyBookingReply } from './booking-replies';
import { applyOptOut } from './opt-out';
import { PAUSED_REASON } from '../../contracts/takeover';
import { SUSPENDED_REASON } from '../../contracts/admin';
import { triggersOf, type InboundContext, type InboundEvent } from './context';

/** The `metadata` we attach to every Meta send (activities/sends/meta.ts): an echo carrying it is ours. */
export const OWN_SEND_METADATA_PREFIX = 'rp:';

type Message = Extract<NormalizedEvent, { kind: 'message' }>;
type Echo = Extract<NormalizedEvent, { kind: 'echo' }>;

/**
 * Stage 3 of a batch, event by event in order: a DM (storeInboundMessage), or an echo of a message
 * the account itself sent — ours (our metadata) changes nothing, one a person sent in Meta's own
 * inbox is stored as outbound (db/inbound/store-echo.ts).
 */
export async function storeMessageOrEcho(ctx: InboundContext, ev: InboundEvent<Message | Echo>): Promise<void> {
  const e = ev.normalized;
  if (e.kind === 'message') return storeInboundMessage(ctx, ev as InboundEvent<Message>);
  if (!e.metadata?.startsWith(OWN_SEND_METADATA_PREFIX)) await storeEcho(ctx.client, ev.account, e);
}

/**
 * A DM: stored with its contact and conversation in one statement, its lead, its opt-out (a stop or
 * start word, or a contact who opted out: no flow takes it), then the runs waiting for this
 * contact's reply take it, or else the keyword flows it matches start.
 */
async function storeInboundMessage(ctx: InboundContext, { normalized: e, account, prefetched, tail }: InboundEvent<Message>): Promise<void> {
  const { client } = ctx;
  const stored = await storeInboundDm(client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    platform: account.platform,
    from: e.from,
    messageId: e.messageId,
    text: e.text,
    sentAt: e.createdAt,
    conversationName: e.from.name || e.from.username || e.from.id,
  });
  if (!stored.message_id) return; // the same message delivered twice: one row
  // The assignee's devices hear of it (ADR 0045); round-robin's pick, made by the statement above,
  // is audited here: one more statement per new conversation it assigned, none otherwise.
  if (stored.assignee_id) tail.assignedDms.push(stored.message_id);
  if (stored.auto_assigned) await recordAssignments(client, account.workspace_id, null, [{ id: stored.conversation_id, fromId: null }], stored.assignee_id);
  const contactId = stored.contact_id;
  const conversationId = stored.conversation_id;
  const ageHours = stored.age_hours!;
  const ws = account.workspace_id;
  if (stored.contact_created) tail.events.push({ workspaceId: ws, type: 'contact.created', data: contactData(contactId, account, e.from) });
  tail.events.push({
    workspaceId: ws,
    type: 'message.received',
    data: {
      messageId: stored.message_id,
      conversationId,
      contact: contactData(contactId, account, e.from),
      text: e.text,
      sentAt: e.createdAt,
      storyMention: e.storyMention ?? false,
    },
  });
  const intent = classifyIntent(e.text);
  tail.activities.push({ action: 'dm_received', message: `New ${account.platform} DM from ${e.from.name || e.from.id}`, intent });
  await captureLead(client, account, contactId, e, { intent, ruleFired: false, conversationId, hasOutbound: stored.has_outbound }, tail);
  // A growth link's referral (docs/platform-apis.md §1.9): the contact is tagged with where they came
  // from even if nothing automated may answer them; only a DM with a referral pays for this read.
  const link = e.referral ? await applyReferralLink(client, account.id, contactId, e.referral.ref) : null;
  // STOP / START, or a contact who opted out: nothing automated answers (workers/inbound/opt-out.ts).
  if (await applyOptOut(ctx, { normalized: e, account, prefetched, tail }, stored)) return;
  // The workspace is suspended (ADR 0042; read by the batch's claim): stored, no run resumes, no flow starts.
  if (account.suspended) {
    tail.activities.push({
      action: 'dm_workspace_suspended',
      message: `DM from ${e.from.username ? `@${e.from.username}` : e.from.name || e.from.id} not answered by flows: ${SUSPENDED_REASON}`,
      intent: 'general',
    });
    return;
  }
  // A teammate took the conversation over (contracts/takeover.ts; read by the DM's own statement):
  // the person answers, so no waiting run resumes and no flow starts; the inbox shows the DM.
  if (stored.automation_paused) {
    tail.activities.push({
      action: 'dm_contact_paused',
      message: `DM from ${e.from.username ? `@${e.from.username}` : e.from.name || e.from.id} not answered by flows: ${PAUSED_REASON}`,
      intent: 'general',
    });
    return;
  }
  // A DM found late by reconciliation (ADR 0014) outside Meta's messaging window: no automated reply
  // may answer it any more (docs/platform-apis.md §2.1), so it is recorded (inbox, where a person may
  // still answer with HUMAN_AGENT) and neither resumes nor starts flows; the activity feed says so.
  if (account.provider === 'meta' && ageHours > MESSAGING_WINDOW_HOURS) {
    tail.activities.push({
      action: 'dm_outside_messaging_window',
      message: `DM from ${e.from.name || e.from.username || e.from.id} recorded but not answered by flows: it is ${Math.floor(ageHours)} hours old, and Meta allows automated replies only within ${MESSAGING_WINDOW_HOURS} hours`,
      intent: 'general',
    });
    return;
  }
  // Triggers in order (ARCHITECTURE.md#rules-and-flows): runs waiting for this contact's reply take it; otherwise keyword flows.
  // A story mention is not an answer to a question the flow asked, so it only starts story-mention flows;
  // nor is a growth link's referral or a tap on an item that names its flow (`flow:<id>`): they start theirs.
  const startsItsOwn = e.storyMention || e.referral !== undefined || flowIdOfPayload(e.postbackPayload) !== null;
  // "cancel" / "reschedule" with an upcoming booking (workers/inbound/booking-replies.ts).
  if (!startsItsOwn && (await applyBookingReply(ctx, { normalized: e, account, prefetched, tail }, stored))) return;
  const resumed = startsItsOwn ? [] : await resumeWaitingRuns(client, account.id, contactId, e.text);
  if (resumed.length > 0) return;
  const event: TriggerEvent = {
    kind: 'message',
    storyReply: e.storyReply === true,
    storyMention: e.storyMention === true,
    text: e.text,
    messageId: e.messageId,
    ...(e.postbackPayload !== undefined ? { postbackPayload: e.postbackPayload } : {}),
    ...(e.referral ? { referral: { ref: e.referral.ref, linkFlowId: link?.flowId ?? null }, referralOnly: e.referralOnly === true } : {}),
  };
  await insertTriggeredRuns(client, account, contactId, event, triggersOf(prefetched), tail.startedRuns);
}

/** A contact as event webhooks carry it (contracts/event-webhooks.ts). */
export function contactData(id: string, account: { id: string; platform: string }, from: { id: string; name: string; username: string | null }) {
  return { id, accountId: account.id, platform: account.platform, externalUserId: from.id, name: from.name, username: from.username };
}
