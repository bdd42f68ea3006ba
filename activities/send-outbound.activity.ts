import type pg from 'pg';
import { sendInOneTransaction } from '../db/sends/deliver-sandbox';
import type { PlatformDeps } from './platform-deps';
import { metaDriver } from './sends/meta';
import { sendByProvider, type DriverPick } from './sends/at-most-once';
import type { SendOutcome } from '../contracts/send-outcome';
import { xDriver } from './sends/x';

export { deliverInTransaction, sendInOneTransaction } from '../db/sends/deliver-sandbox';

/** Sends ledger rows through their accounts' channels; made once per process by its composition root. */
export interface Sender {
  /**
   * Sends one ledger entry, at most once (ARCHITECTURE.md#flow-runtime: the ledger row is the idempotency key).
   * The sandbox "platform" is a table, so delivery and marking sent are one transaction: exactly
   * once. Meta and X are HTTP calls no transaction can span: `sending` is committed before one
   * leaves and never resent (activities/sends/at-most-once.ts, ADR 0006). On `rescheduled` the row
   * is `queued` and the caller tries again at retryAt (the outbound.send job re-adds itself; a flow
   * step retries then): its slot or backoff (`scheduled_for` = retryAt), or this process's call pace
   * (ADR 0056: the row is left as it was).
   */
  send(ledgerId: string): Promise<SendOutcome>;
}

/**
 * The send activity with its dependencies passed in (Temporal's activities-dependency-injection
 * shape): bin/boot.ts builds the platform deps from config once and hands them to the worker, the
 * web routes that send build theirs from the config and cipher the app gives them; tests build one
 * pointed at the fakes.
 */
export function createSender(pool: pg.Pool, deps: PlatformDeps): Sender {
  return {
    send(ledgerId) {
      // The row and its provider are read in one round trip; a sandbox row is delivered in a
      // transaction on that same connection.
      return sendByProvider(pool, ledgerId, deps, platformDriver, sendInOneTransaction);
    },
  };
}

/** The driver of a Meta or X row; undefined for the sandbox (sendInOneTransaction). */
export const platformDriver: DriverPick = (provider) => (provider === 'meta' ? metaDriver : provider === 'x' ? xDriver : undefined);
