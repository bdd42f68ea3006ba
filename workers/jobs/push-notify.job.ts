import type pg from 'pg';
import type { Task } from 'graphile-worker';
import { sendPushes, type PushSender } from '../../activities/push-notify';
import { jobs } from '../../contracts/jobs';

/** `push.notify` (contracts/jobs.ts): Web Push to members' devices (activities/push-notify.ts, ADR 0045). */
export function pushNotifyJob(pool: pg.Pool, sender: PushSender | undefined): Task {
  return async (payload, helpers) => {
    const job = jobs['push.notify'].payload.parse(payload);
    if (!sender) {
      helpers.logger.warn('push.notify: no VAPID keys in this worker, nothing sent');
      return;
    }
    await sendPushes(pool, sender, job, { warn: (m) => helpers.logger.warn(m) });
  };
}
