import type { Task } from 'graphile-worker';
import type pg from 'pg';
import type { PlatformDeps } from '../../activities/platform-deps';
import { moderateComment } from '../../activities/moderate-comment.activity';
import { jobs } from '../../contracts/jobs';

/**
 * `comments.moderate {moderationId}` (ADR 0052): hides or deletes one comment through the Graph API.
 * A transient failure throws, so Graphile retries with its backoff; the last attempt records the
 * failure instead, so the settings panel and the activity feed show it.
 */
export function commentsModerateJob(pool: pg.Pool, platform: PlatformDeps): Task {
  return async (payload, helpers) => {
    const { moderationId } = jobs['comments.moderate'].payload.parse(payload);
    await moderateComment(pool, platform, moderationId, helpers.job.attempts >= helpers.job.max_attempts);
  };
}
