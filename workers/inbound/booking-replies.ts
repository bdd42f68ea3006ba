import type { NormalizedEvent } from '../../contracts/inbound';
import { cancelByContactReply } from '../../db/bookings/booking-replies';
import { enqueueAdvance } from '../../db/flows/runs';
import type { StoredInboundDm } from '../../db/inbound/store-inbound-dm';
import { queueOutboundMessage } from '../../db/sends/queue-outbound-message';
import { bookingCommand } from '../../workflows/booking-reply';
import { slotLabel } from '../../workflows/booking-slots';
import type { InboundContext, InboundEvent } from './context';

type Message = Extract<NormalizedEvent, { kind: 'message' }>;

/**
 * "cancel" / "reschedule" from a contact with an upcoming booking (docs/product-spec.md, Bookings),
 * in the DM stage after opt-out, takeover and the window have had their say: the booking is
 * cancelled; a cancel gets one confirmation (keyed by the DM's id, a reply to it: inside the
 * messaging window), a reschedule reopens the booking's run at its Book a time step, whose offer is
 * the answer. Only a DM that is exactly such a word costs a statement. True when the DM was taken.
 */
export async function applyBookingReply(ctx: InboundContext, ev: InboundEvent<Message>, stored: StoredInboundDm): Promise<boolean> {
  const command = bookingCommand(ev.normalized.text);
  if (!command) return false;
  const done = await cancelByContactReply(ctx.client, stored.contact_id, command === 'reschedule');
  if (!done) return false;
  const { account, normalized: e, tail } = ev;
  const when = `${slotLabel(done.startsAt, done.timeZone)} (${done.timeZone.replace(/_/g, ' ')})`;
  const who = e.from.username ? `@${e.from.username}` : e.from.name || e.from.id;
  if (done.reopenedRunId) {
    await enqueueAdvance(ctx.client, [done.reopenedRunId]);
    tail.activities.push({ action: 'booking_rescheduling', message: `${who} asked to reschedule ${when}: cancelled, offering times again`, intent: 'general' });
    return true;
  }
  const ledgerKey = `booking_reply:${account.id}:${e.messageId}`;
  await queueOutboundMessage(ctx.client, {
    workspaceId: account.workspace_id,
    accountId: account.id,
    conversationId: stored.conversation_id,
    text: `Your booking for ${when} is cancelled.`,
    // Sent on behalf of the flow that made the booking.
    source: 'flow',
    kind: 'dm',
    target: e.from.id,
    idempotencyKey: ledgerKey,
    limit: ctx.limits.dm,
  });
  tail.activities.push({ action: 'booking_cancelled', message: `${who} cancelled their booking for ${when} by reply`, intent: 'general', ledgerKey });
  return true;
}
