import type pg from 'pg';
import { finishModeration, readModeration } from '../db/moderation/comment-moderations';
import { GraphApiError } from '../integrations/meta/graph-client';
import { moderateMetaComment } from '../integrations/meta/comment-moderation';
import { metaSenderOf } from '../integrations/meta/meta-send';
import type { PlatformDeps } from './platform-deps';

/** Graph codes a retry cannot fix: the token (190), a permission (10, 200–299), or the comment is gone / not the account's (100). */
const PERMANENT = (code: number | null) => code === 190 || code === 10 || code === 100 || (code !== null && code >= 200 && code <= 299);

/**
 * One moderation carried out (ADR 0052): the Graph call, then its outcome and an activity line in
 * one statement. A done one is not called again (a redelivered job is a no-op). A throttled or
 * network failure is recorded and thrown, so the job retries with backoff; a permanent one (or the
 * last attempt) is recorded as failed with Meta's words. Sandbox accounts have no Meta: the
 * comment counts as moderated at once.
 */
export async function moderateComment(
  pool: pg.Pool,
  platform: PlatformDeps,
  moderationId: string,
  lastAttempt: boolean,
): Promise<'done' | 'failed' | 'skipped'> {
  const m = await readModeration(pool, moderationId);
  if (!m || m.status !== 'queued') return 'skipped';
  const verb = m.action === 'hide' ? 'hidden' : 'deleted';
  const done = { workspaceId: m.workspace_id, action: `comment_${verb}`, message: `Comment from ${m.author} ${verb} on the platform` };
  if (m.provider === 'sandbox') {
    await finishModeration(pool, m.id, { status: 'done', error: null }, { ...done, message: `${done.message} (sandbox)` });
    return 'done';
  }
  if (m.provider !== 'meta' || !m.access_token_enc || !m.is_active) {
    const why = m.provider === 'x' ? 'X comments are not moderated' : 'the account is disconnected';
    await finishModeration(pool, m.id, { status: 'failed', error: why }, fail(m, why));
    return 'failed';
  }
  try {
    const sender = metaSenderOf(m, platform.cipher.decrypt(m.access_token_enc));
    await moderateMetaComment(sender, platform.meta, m.platform_comment_id, m.action);
    await finishModeration(pool, m.id, { status: 'done', error: null }, done);
    return 'done';
  } catch (err) {
    // A delete retried after Meta did it (its answer lost): the comment no longer exists, which is what was asked.
    if (m.action === 'delete' && err instanceof GraphApiError && err.code === 100 && err.subcode === 33) {
      await finishModeration(pool, m.id, { status: 'done', error: null }, done);
      return 'done';
    }
    const message = err instanceof Error ? err.message : String(err);
    const permanent = err instanceof GraphApiError && PERMANENT(err.code);
    if (permanent || lastAttempt) {
      await finishModeration(pool, m.id, { status: 'failed', error: message }, fail(m, message));
      return 'failed';
    }
    await finishModeration(pool, m.id, { status: 'queued', error: message }, null);
    throw err;
  }
}

function fail(m: { workspace_id: string; author: string; action: 'hide' | 'delete' }, why: string) {
  return { workspaceId: m.workspace_id, action: 'comment_moderation_failed', message: `Could not ${m.action} the comment from ${m.author}: ${why}` };
}
