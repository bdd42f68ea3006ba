import type pg from 'pg';
import { readFollowCheckTarget } from '../db/flows/follow-check-target';
import { classifyGraphError } from '../integrations/meta/classify-graph-error';
import { metaSenderOf } from '../integrations/meta/meta-send';
import { readFollowStatus } from '../integrations/meta/user-profile';
import type { ActivityOutcome } from './activity-outcome';
import type { PlatformDeps } from './platform-deps';

/** A Follow gate's check of one run's contact (workers/flows/run-driver.ts carries it out between transactions). */
export type FollowCheck = (runId: string) => Promise<ActivityOutcome>;

/** Meta's answer when the person has not messaged the account yet (docs/platform-apis.md §2.13). */
export const CONSENT_REQUIRED_CODE = 230;

/**
 * Instagram's User Profile API, `is_user_follow_business` (docs/platform-apis.md §2.13). A read, so
 * unlike a send it may be repeated: a crash between the call and its record, an uncertain answer or
 * a throttle just asks again (retryable); a refused token, a missing consent or any other refusal
 * fails the step with Meta's reason.
 */
export function createFollowCheck(pool: pg.Pool, deps: PlatformDeps): FollowCheck {
  return async (runId) => {
    const target = await readFollowCheckTarget(pool, runId);
    if (!target) return { ok: false, retryable: false, error: 'The run or its contact is gone' };
    if (target.platform !== 'instagram' || target.provider !== 'meta')
      return { ok: false, retryable: false, error: 'Follow gates check Instagram follows only: this account has no follow check' };
    if (!target.is_active || !target.access_token_enc)
      return { ok: false, retryable: false, error: 'Not checked: the Instagram account is disconnected; reconnect it' };
    let token: string;
    try {
      token = deps.cipher.decrypt(target.access_token_enc);
    } catch {
      return {
        ok: false,
        retryable: false,
        error: 'Not checked: the stored token cannot be decrypted (was APP_ENCRYPTION_KEY changed?); reconnect the account',
      };
    }
    try {
      const status = await readFollowStatus(metaSenderOf(target, token), deps.meta, target.contact_external_id);
      return { ok: true, output: status };
    } catch (err) {
      const failure = classifyGraphError(err);
      if (!failure) return { ok: false, retryable: true, error: `Instagram's answer could not be read: ${err instanceof Error ? err.message : String(err)}` };
      if (failure.code === CONSENT_REQUIRED_CODE)
        return { ok: false, retryable: false, error: `Instagram shares follows only after the person messages the account: ${failure.message}` };
      if (failure.kind === 'throttled')
        return {
          ok: false,
          retryable: true,
          error: failure.message,
          rateLimited: true,
          ...(failure.retryAfterMs ? { retryAt: new Date(Date.now() + failure.retryAfterMs) } : {}),
        };
      // A read changes nothing on Meta's side: an unanswered call is asked again.
      if (failure.kind === 'temporary' || failure.kind === 'uncertain') return { ok: false, retryable: true, error: failure.message };
      return { ok: false, retryable: false, error: failure.message };
    }
  };
}
