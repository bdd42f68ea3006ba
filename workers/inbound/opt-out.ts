import type { NormalizedEvent } from '../../contracts/inbound';
import { optOutSettingsOf } from '../../contracts/opt-out';
import { MESSAGING_WINDOW_HOURS } from '../../contracts/platform-windows';
import { cancelQueuedAutomatedSends, setContactOptOut } from '../../db/inbound/contact-opt-out';
import type { StoredInboundDm } from '../../db/inbound/store-inbound-dm';
import { queueOutboundMessage } from '../../db/sends/queue-outbound-message';
import { matchOptOutWord } from '../../workflows/opt-out-words';
import type { InboundContext, InboundEvent } from './context';

type Message = Extract<NormalizedEvent, { kind: 'message' }>;

/**
 * A new DM against the contact's opt-out (docs/platform-apis.md §2.11), before any flow sees it: a stop
 * word opts a subscribed contact out, a start word brings an opted-out one back, each with ONE
 * confirmation DM (keyed by the DM's id: a redelivery or a redone batch sends nothing more); any
 * other DM of an opted-out contact is stored (the inbox shows it) and answered by nothing automated.
 * Returns true when no flow may take the DM. The opt-out and the words come with the DM's own
 * statement (storeInboundDm): no read of its own.
 */
export async function applyOptOut(ctx: InboundContext, ev: InboundEvent<Message>, stored: StoredInboundDm): Promise<boolean> {
  const { normalized: e, tail } = ev;
  const settings = optOutSettingsOf(stored.opt_out);
  const word = matchOptOutWord(e.text, settings);
  const optedOut = stored.opted_out_at !== null;
  const who = e.from.username ? `@${e.from.username}` : e.from.name || e.from.id;
  if (word === 'stop' && optedOut) {
    tail.activities.push({
      action: 'contact_already_opted_out',
      message: `${who} sent “${e.text.trim()}” again: already opted out, nothing sent`,
      intent: 'general',
    });
    return true;
  }
  if ((word === 'stop' && !optedOut) || (word === 'start' && optedOut)) {
    const stop = word === 'stop';
    if (!(await setContactOptOut(ctx.client, stored.contact_id, stop))) return stop || optedOut;
    // What was queued for them before the STOP (a broadcast's paced row, a flow step waiting for its
    // slot) is cancelled in this same commit, before the confirmation is queued: the send path reads nothing more.
    const cancelled = stop ? await cancelQueuedAutomatedSends(ctx.client, stored.contact_id) : 0;
    const cancelledNote = cancelled > 0 ? `; ${cancelled} queued automated ${cancelled === 1 ? 'send' : 'sends'} to them cancelled` : '';
    const confirmed = await confirm(ctx, ev, stored, stop ? settings.stopReply : settings.startReply);
    tail.activities.push({
      action: stop ? 'contact_opted_out' : 'contact_opted_in',
      message: stop
        ? `${who} opted out (“${e.text.trim()}”): nothing automated is sent to them until they reply START${cancelledNote}${confirmed.note}`
        : `${who} opted back in (“${e.text.trim()}”): automations answer them again${confirmed.note}`,
      intent: 'general',
      ...(confirmed.ledgerKey ? { ledgerKey: confirmed.ledgerKey } : {}),
    });
    return true;
  }
  if (!optedOut) return false;
  tail.activities.push({
    action: 'dm_contact_opted_out',
    message: `DM from ${who} not answered by flows: they opted out, so nothing automated is sent until they reply START`,
    intent: 'general',
  });
  return true;
}

/**
 * The confirmation, a reply to the person's own message: within Meta's messaging window by
 * construction, except a DM found late by reconciliation (§2.1), which is then marked but not answered.
 */
async function confirm(
  ctx: InboundContext,
  ev: InboundEvent<Message>,
  stored: StoredInboundDm,
  text: string,
): Promise<{ ledgerKey: string | null; note: string }> {
  const { account, normalized: e } = ev;
  if (account.provider === 'meta' && (stored.age_hours ?? 0) > MESSAGING_WINDOW_HOURS) {
    return { ledgerKey: null, note: ` (no confirmation: the DM is over ${MESSAGING_WINDOW_HOURS} hours old, outside Meta's messaging window)` };
  }
  const ledgerKey = `opt_out:${account.id}:${e.messageId}`;
  await queueOutboundMessage(ctx.client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    conversationId: stored.conversation_id,
    text,
    source: 'opt_out',
    kind: 'dm',
    target: e.from.id,
    idempotencyKey: ledgerKey,
    limit: ctx.limits.dm,
  });
  return { ledgerKey, note: '; one confirmation reply queued' };
}
