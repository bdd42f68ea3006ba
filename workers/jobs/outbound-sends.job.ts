import type { Task } from 'graphile-worker';
import { jobs, type JobPayload } from '../../contracts/jobs';
import type { SendPump } from '../send-pump';

/**
 * `outbound.sends {ledgerIds}` (ADR 0022): the sends an inbound batch queued for the same second,
 * handed to the send pump together — its due rows claimed in one compare-and-set statement, their
 * calls started, the job finished. The job is the rows' durable trigger: a crash before the claim
 * leaves it (the watchdog hands it to another worker, which claims them); a crash after the claim
 * leaves rows `sending` that a rerun skips and the sweep fails as uncertain — never resent. Rows not
 * due yet (paced) or in flight elsewhere are re-added in one job per second of their times, before
 * this job completes (a crash in between reruns this job: nothing is lost).
 */
export function outboundSendsJob(pump: Pick<SendPump, 'handOffBatch'>): Task {
  return async (payload, helpers) => {
    const { ledgerIds } = jobs['outbound.sends'].payload.parse(payload);
    const { later } = await pump.handOffBatch(ledgerIds);
    const bySecond = new Map<number, { at: Date; ids: string[] }>();
    for (const { ledgerId, at } of later) {
      const second = Math.floor(at.getTime() / 1000);
      const group = bySecond.get(second) ?? { at, ids: [] };
      if (at < group.at) group.at = at;
      group.ids.push(ledgerId);
      bySecond.set(second, group);
    }
    for (const { at, ids } of bySecond.values()) {
      const again: JobPayload<'outbound.sends'> = { ledgerIds: ids };
      await helpers.addJob('outbound.sends', again, {
        runAt: at,
        maxAttempts: jobs['outbound.sends'].maxAttempts,
        priority: jobs['outbound.sends'].priority ?? undefined,
      });
    }
  };
}
