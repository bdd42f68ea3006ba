import type { Agent } from 'node:https';
import type pg from 'pg';
import webpush from 'web-push';
import type { JobPayload } from '../contracts/jobs';
import { deleteGoneSubscriptions, markPushed } from '../db/push/push-subscriptions';
import { readPushTargets } from '../db/push/push-targets';

/** The VAPID pair (config/secrets.ts) and the contact push services may write to (VAPID_SUBJECT). */
export interface PushSender {
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  /** Per push service request. */
  timeoutMs: number;
  /** Tests only: the TLS agent (a local stand-in push service's certificate). */
  agent?: Agent;
}

export interface PushOutcome {
  sent: number;
  gone: number;
  failed: number;
}

/**
 * A `push.notify` job (ADR 0045): the devices and payloads read now (db/push/push-targets.ts), each
 * one encrypted for its device (RFC 8291, aes128gcm) and posted to its push service, signed with
 * our VAPID key (RFC 8292), at most 4 at once. 404/410: the browser dropped the subscription, so
 * the row goes. Any other failure is logged and not retried: a late notification about a
 * conversation the member may already have opened is worse than none.
 */
export async function sendPushes(
  pool: pg.Pool,
  sender: PushSender,
  job: JobPayload<'push.notify'>,
  log: { warn: (message: string) => void },
): Promise<PushOutcome> {
  const targets = await readPushTargets(pool, job);
  const sent: string[] = [];
  const gone: string[] = [];
  let failed = 0;
  const queue = [...targets];
  const lane = async () => {
    for (let target = queue.shift(); target; target = queue.shift()) {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: target.keys }, JSON.stringify(target.payload), {
          vapidDetails: { subject: sender.subject, publicKey: sender.vapid.publicKey, privateKey: sender.vapid.privateKey },
          // Minutes: a notification about a conversation is stale within the hour.
          TTL: 3600,
          urgency: 'high',
          topic: topicOf(target.payload.tag),
          timeout: sender.timeoutMs,
          ...(sender.agent ? { agent: sender.agent } : {}),
        });
        sent.push(target.subscriptionId);
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) gone.push(target.subscriptionId);
        else {
          failed++;
          log.warn(`push to ${new URL(target.endpoint).host} failed: ${status ?? (err as Error).message}`);
        }
      }
    }
  };
  await Promise.all([lane(), lane(), lane(), lane()]);
  await deleteGoneSubscriptions(pool, gone);
  await markPushed(pool, sent);
  return { sent: sent.length, gone: gone.length, failed };
}

/** RFC 8030 Topic (a newer push replaces an undelivered one of the same topic): at most 32 base64url characters. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '').slice(-32);
}
