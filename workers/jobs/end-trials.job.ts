import type { Task } from 'graphile-worker';
import { endDueTrials } from '../../db/workspaces/workspace-plan';

/**
 * Crontab (every 5 minutes): puts every workspace whose trial has ended back on the free plan and
 * tells its owners (db/workspaces/workspace-plan.ts endDueTrials, one statement). Durable: a run
 * missed while no worker was up is filled in (`?fill=1h`), and a trial past its end is ended by the
 * next run whenever that is.
 */
export function endTrialsJob(): Task {
  return async (_payload, helpers) => {
    const ended = await helpers.withPgClient((client) => endDueTrials(client));
    if (ended > 0) helpers.logger.info(`ended ${ended} trials`);
  };
}
