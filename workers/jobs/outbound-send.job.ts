import type { JobHelpers, Task } from 'graphile-worker';
import type pg from 'pg';
import { failExpiredSends } from '../../activities/sends/at-most-once';
import { jobKey, jobs, SENDS_DUE_TOGETHER_PRIORITY, type JobPayload } from '../../contracts/jobs';
import { tuning } from '../../config/tuning';
import type { SendPump } from '../send-pump';

/**
 * `outbound.send {ledgerId} | {ledgerIds}`: sends, at most once each, handed to the send pump (ADR
 * 0021, 0022). The job finishes as soon as its rows are claimed and their calls have left; the pump
 * writes the outcomes (and re-adds a `{ledgerId}` job for a throttled row's retry time). A thrown
 * error before the claim (database trouble) is retried by Graphile Worker with exponential backoff:
 * nothing was sent. The job is its rows' durable trigger: a crash before the claim leaves it (the
 * watchdog hands it to another worker); a crash after the claim leaves rows `sending` that a rerun
 * skips and the sweep settles — never resent. Rows with nothing to call yet — not due (paced), in
 * flight elsewhere — are re-added for their time before this job completes: `{ledgerId}` as itself
 * (same key), `{ledgerIds}` in one job per second of their times. A terminal failure is already
 * recorded on the ledger row and the message.
 */
export function outboundSendJob(pump: Pick<SendPump, 'handOffEach'>): Task {
  return async (payload, helpers) => {
    const p = jobs['outbound.send'].payload.parse(payload);
    const ledgerIds = 'ledgerId' in p ? [p.ledgerId] : p.ledgerIds;
    const outcomes = await pump.handOffEach(ledgerIds);
    const later: { ledgerId: string; at: Date }[] = [];
    outcomes.forEach((outcome, i) => {
      const ledgerId = ledgerIds[i]!;
      if (outcome.status === 'failed') helpers.logger.warn(`send ${ledgerId} failed: ${outcome.error}`);
      if (outcome.status === 'rescheduled') later.push({ ledgerId, at: outcome.retryAt });
    });
    if ('ledgerId' in p) await againOne(helpers, later[0]);
    else await againTogether(helpers, later);
  };
}

/** A `{ledgerId}` job again at its row's time, under the same key as enqueueSend's: the running job's key passes to it. */
async function againOne(helpers: JobHelpers, later: { ledgerId: string; at: Date } | undefined): Promise<void> {
  if (!later) return;
  helpers.logger.info(`send ${later.ledgerId} rescheduled to ${later.at.toISOString()}`);
  const again: JobPayload<'outbound.send'> = { ledgerId: later.ledgerId };
  await helpers.addJob('outbound.send', again, {
    runAt: later.at,
    jobKey: jobKey('outbound.send', later.ledgerId),
    maxAttempts: jobs['outbound.send'].maxAttempts,
  });
}

/** Rows of a `{ledgerIds}` job to try later, in one keyless job per second of their times. */
async function againTogether(helpers: JobHelpers, later: { ledgerId: string; at: Date }[]): Promise<void> {
  const bySecond = new Map<number, { at: Date; ids: string[] }>();
  for (const { ledgerId, at } of later) {
    const second = Math.floor(at.getTime() / 1000);
    const group = bySecond.get(second) ?? { at, ids: [] };
    if (at < group.at) group.at = at;
    group.ids.push(ledgerId);
    bySecond.set(second, group);
  }
  for (const { at, ids } of bySecond.values()) {
    const again: JobPayload<'outbound.send'> = { ledgerIds: ids };
    await helpers.addJob('outbound.send', again, { runAt: at, maxAttempts: jobs['outbound.send'].maxAttempts, priority: SENDS_DUE_TOGETHER_PRIORITY });
  }
}

/** `outbound:sweep` (every minute): `sending` rows past their lease settled (failed as uncertain, ADR 0021). */
export function outboundSweepJob(pool: pg.Pool): Task {
  return async (_payload, helpers) => {
    const batch = tuning.sends.expiredSweepBatch;
    for (;;) {
      const n = await failExpiredSends(pool, batch);
      if (n > 0) helpers.logger.warn(`${n} sends in flight in a dead process failed as uncertain (not resent)`);
      if (n < batch) return;
    }
  };
}
