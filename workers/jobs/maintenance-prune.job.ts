import type { Task } from 'graphile-worker';

/**
 * Deletes expired sessions and spent rate-limit windows. Runs from the worker's crontab so web
 * processes never do housekeeping on the request path (connect-pg-simple's own pruning is off).
 */
export const maintenancePrune: Task = async (_payload, helpers) => {
  await helpers.withPgClient(async (client) => {
    const sessions = await client.query('delete from user_sessions where expire < now()');
    const limits = await client.query('delete from rate_limit_hits where reset_at < now()');
    helpers.logger.info(`pruned ${sessions.rowCount ?? 0} sessions, ${limits.rowCount ?? 0} rate-limit rows`);
  });
};
