import type pg from 'pg';
import { accountProfileSchema } from '../../contracts/social-accounts';
import { claimedPlatformIds, readDeliveryCheck, settleDeliveryCheck, type DeliveryCheckRow, type DeliveryVerdict } from '../../db/sends/delivery-check';
import { reserveSendSlot, type SendLimit } from '../../db/sends/reserve-send-slot';
import { readSendEntries, type SendEntry } from '../../db/sends/send-entry';
import { classifyGraphError } from '../../integrations/meta/classify-graph-error';
import { findSentMessage, type FindSentMessageOptions } from '../../integrations/meta/find-sent-message';
import { graphClientFor } from '../../integrations/meta/meta-send';
import { classifyXError } from '../../integrations/x/x-api';
import { xFindSentDm } from '../../integrations/x/x-dm-events';
import type { PlatformFailure } from '../../integrations/platform-failure';
import type { PlatformDeps } from '../platform-deps';
import { GRAPH_READ_KIND } from '../reconcile-account';
import { freshXToken } from '../x-token';

/**
 * F23: an uncertain send (its process died mid-call, or the call timed out) checked with the
 * platform before anyone retries it. Reads the person's thread back (Meta Conversations API, X DM
 * events; docs/platform-apis.md §2.10, §4.2) and decides:
 *
 * - `found`: a message of ours with the send's text, sent since the row was made, that no other
 *   send or stored message claims → the row is `sent` with that id (counted like any delivery);
 * - `not_found`: the read reaches back past the send and it is not there → a retry sends it once;
 * - `cannot_confirm`: the platform cannot tell (a Facebook private reply, a public reply, a thread
 *   with more messages since than one read shows, an account we cannot read with) → Retry warns.
 *
 * Never sends. Every read takes a slot in the account's read bucket (Meta: reconciliation's
 * `graph_read`; X: its DM lookups' own, 15 per 15 minutes). Settling writes once (settleDeliveryCheck),
 * so a second run is a no-op.
 */

/** Our clock and the platform's may differ a little: a message is ours from this long before the row was made. */
const CLOCK_SKEW_MS = 120_000;
/** The bucket kind of X DM lookups in `send_rate_limits`. */
export const X_DM_READ_KIND = 'x_dm_read';

export interface VerifyOptions {
  /** Meta: the account's Graph read bucket (shared with reconciliation). */
  readLimit: SendLimit;
  /** X: the account's DM lookup bucket. */
  xReadLimit: SendLimit;
  /** A read slot further off than this ends the run: the job comes back at the slot. */
  maxWaitMs: number;
  pageSize: number;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
}

export type VerifyResult =
  { outcome: 'settled'; verdict: DeliveryVerdict['kind'] } | { outcome: 'later'; retryAt: Date; reason: string } | { outcome: 'skipped'; why: string };

class PacedOut extends Error {
  constructor(readonly at: Date) {
    super(`read bucket full until ${at.toISOString()}`);
  }
}

type Lookup = { candidates: string[]; complete: boolean };

export async function verifyUncertainSend(pool: pg.Pool, ledgerId: string, deps: PlatformDeps, o: VerifyOptions): Promise<VerifyResult> {
  const check = await readDeliveryCheck(pool, ledgerId);
  if (!check || check.status !== 'failed' || check.delivery_check !== 'pending') return { outcome: 'skipped', why: 'no check pending' };
  const [entry] = await readSendEntries(pool, [ledgerId]);
  if (!entry) return { outcome: 'skipped', why: 'row gone' };
  const name = entry.provider === 'x' ? 'X' : 'Meta';
  const settle = async (verdict: DeliveryVerdict): Promise<VerifyResult> => {
    await settleDeliveryCheck(pool, entry, verdict);
    return { outcome: 'settled', verdict: verdict.kind };
  };
  const participant = participantOf(entry, check);
  if ('cannot' in participant) return settle({ kind: 'cannot_confirm', note: participant.cannot });
  if (!entry.is_active || !entry.access_token_enc || entry.account_status === 'needs_reconnect')
    return settle({ kind: 'cannot_confirm', note: `${name} cannot be asked: the account is disconnected or needs reconnecting` });

  const beforeCall = (kind: string, limit: SendLimit) => async () => {
    const slot = await reserveSendSlot(pool, entry.account_id, kind, limit);
    const waitMs = slot.getTime() - o.now().getTime();
    if (waitMs > o.maxWaitMs) throw new PacedOut(slot);
    if (waitMs > 0) await o.sleep(waitMs);
  };
  const since = new Date(check.created_at.getTime() - CLOCK_SKEW_MS);
  let lookup: Lookup;
  try {
    const token = deps.cipher.decrypt(entry.access_token_enc);
    if (entry.provider === 'x') {
      const x = await xLookup(pool, entry, token, deps, { participantId: participant.id, since, o, beforeCall: beforeCall(X_DM_READ_KIND, o.xReadLimit) });
      if ('kind' in x) return failed(x, name, settle, o);
      lookup = x;
    } else {
      lookup = await findSentMessage({
        ...metaThreadOf(entry, token, deps),
        participantId: participant.id,
        text: entry.text,
        since,
        pageSize: o.pageSize,
        beforeCall: beforeCall(GRAPH_READ_KIND, o.readLimit),
      });
    }
  } catch (err) {
    if (err instanceof PacedOut) return { outcome: 'later', retryAt: err.at, reason: err.message };
    const f = entry.provider === 'x' ? classifyXError(err) : classifyGraphError(err);
    if (!f) throw err; // a bug or a shape we do not know: the job's retries and logs
    return failed(f, name, settle, o);
  }
  const claimed = await claimedPlatformIds(pool, entry, lookup.candidates);
  // Newest first: the oldest free candidate is the one nearest the send.
  const ours = lookup.candidates.filter((id) => !claimed.has(id)).at(-1);
  if (ours) return settle({ kind: 'found', platformId: ours });
  if (lookup.complete) return settle({ kind: 'not_found', note: `Checked with ${name}: the message is not in the conversation, so a retry sends it once` });
  return settle({ kind: 'cannot_confirm', note: `${name} cannot confirm: the conversation has more messages since the send than can be read back` });
}

/** Whom the send went to, in the id the platform's thread lookup takes — or why the platform cannot tell. */
function participantOf(entry: SendEntry, check: DeliveryCheckRow): { id: string } | { cannot: string } {
  if (entry.kind === 'public_reply') return { cannot: 'Public replies are not checked with the platform: retrying may post the reply twice' };
  if (entry.kind === 'dm') return { id: entry.target };
  // A private reply: its thread is the commenter's. Instagram comments carry the commenter's IGSID
  // (§1.6), the id the thread lookup takes; a Facebook comment's author id is not a Page-scoped id,
  // which only the lost answer of the send would have carried (§2.3, §2.10).
  if (entry.platform === 'instagram' && check.commenter) return { id: check.commenter };
  if (entry.platform === 'instagram') return { cannot: 'Meta cannot confirm: the comment this private reply answers is not stored here' };
  return { cannot: "Meta cannot confirm a Facebook private reply: the commenter's Messenger id was in the answer the send lost" };
}

function metaThreadOf(
  entry: SendEntry,
  token: string,
  deps: PlatformDeps,
): Pick<FindSentMessageOptions, 'client' | 'token' | 'platform' | 'conversationsNode' | 'ownIds'> {
  const profile = accountProfileSchema.safeParse(entry.profile ?? {});
  const loginPath = (profile.success ? profile.data.loginPath : undefined) ?? 'facebook';
  const platform = entry.platform === 'facebook' ? 'facebook' : 'instagram';
  return {
    client: graphClientFor({ loginPath }, deps.meta),
    token,
    platform,
    // Facebook Login lists an Instagram account's threads through its Page (§2.9).
    conversationsNode: platform === 'instagram' && loginPath === 'facebook' ? (entry.linked_external_id ?? entry.external_id) : entry.external_id,
    ownIds: [entry.external_id, ...(entry.linked_external_id ? [entry.linked_external_id] : [])],
  };
}

async function xLookup(
  pool: pg.Pool,
  entry: SendEntry,
  token: string,
  deps: PlatformDeps,
  q: { participantId: string; since: Date; o: VerifyOptions; beforeCall: () => Promise<void> },
): Promise<Lookup | PlatformFailure> {
  if (!deps.x) return { kind: 'rejected', message: 'X is not set up on this server' };
  const fresh = await freshXToken(pool, { id: entry.account_id, tokenExpiresAt: entry.token_expires_at }, token, deps.x, deps.cipher);
  if (typeof fresh !== 'string') return fresh;
  await q.beforeCall();
  return xFindSentDm(deps.x, fresh, { participantId: q.participantId, ownId: entry.external_id, text: entry.text, since: q.since, maxResults: q.o.pageSize });
}

/**
 * A read that failed: throttling comes back when the platform says; a passing trouble throws (the
 * job's retries, with backoff and a bound: past them the check stays pending, which Retry treats as
 * unconfirmed); a refusal means the platform cannot be asked.
 */
function failed(
  f: PlatformFailure,
  name: string,
  settle: (v: DeliveryVerdict) => Promise<VerifyResult>,
  o: VerifyOptions,
): Promise<VerifyResult> | VerifyResult {
  if (f.kind === 'throttled') return { outcome: 'later', retryAt: new Date(o.now().getTime() + (f.retryAfterMs ?? 60_000)), reason: f.message };
  if (f.kind === 'temporary' || f.kind === 'uncertain') throw new Error(`${name} could not be asked (${f.message})`);
  return settle({ kind: 'cannot_confirm', note: `${name} cannot confirm: reading the conversation back was refused (${f.message})` });
}
