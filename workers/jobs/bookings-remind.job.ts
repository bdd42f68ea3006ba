import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { claimDueReminders, settleReminder } from '../../db/bookings/reminders';
import type { SendLimits } from '../../db/sends/send-limits';
import { queueOutboundMessage } from '../../db/sends/queue-outbound-message';
import { withTransaction } from '../../db/transaction';
import { reminderDecision } from '../../workflows/booking-reminder';
import { slotLabel } from '../../workflows/booking-slots';

const PER_TRANSACTION = 100;

/**
 * Crontab (every minute): the booking reminders that have come due (db/bookings/reminders.ts). Each
 * is sent (queued on the ledger, keyed by the booking: at most once, ever) or skipped with the reason
 * the Bookings page shows, in the transaction that claims it. Durable: a reminder missed while no
 * worker was up is taken by the next run (`?fill=1h`), and still checked against the window then.
 */
export function bookingsRemindJob(pool: pg.Pool, limits: SendLimits, now: () => Date = () => new Date()): Task {
  return async (_payload, helpers) => {
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const done = await withTransaction(pool, async (client) => {
        const due = await claimDueReminders(client, PER_TRANSACTION);
        for (const r of due) {
          const at = now();
          const decision = reminderDecision(r, at);
          if (decision.send && r.conversationId) {
            await queueOutboundMessage(client, {
              workspaceId: r.workspaceId,
              accountId: r.accountId,
              conversationId: r.conversationId,
              text: `Reminder: you're booked for ${slotLabel(r.startsAt, r.timeZone)} (${r.timeZone.replace(/_/g, ' ')}).`,
              // Sent on behalf of the flow that made the booking.
              source: 'flow',
              kind: 'dm',
              target: r.target,
              idempotencyKey: `booking_reminder:${r.id}`,
              limit: limits.dm,
            });
            await settleReminder(client, r.id, { sent: true });
          } else {
            await settleReminder(client, r.id, { sent: false, reason: decision.send ? 'no conversation with the contact' : decision.reason });
          }
        }
        return due.length;
      });
      total += done;
      if (done < PER_TRANSACTION) break;
    }
    if (total > 0) helpers.logger.info(`settled ${total} booking reminders`);
  };
}
