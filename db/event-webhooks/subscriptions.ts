import type pg from 'pg';
import type { DeliveryStatus, EventWebhook, EventWebhookDelivery, EventType } from '../../contracts/event-webhooks';

/** A workspace's event webhook subscriptions and their delivery log (api/features/event-webhooks). Every query is scoped by workspace: another's id is not found. */

interface SubscriptionRow {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
  consecutive_failures: number;
  previous_secret_until: Date | null;
  created_at: Date;
}

const columns = `id, url, events, description, enabled, disabled_reason, consecutive_failures,
  case when previous_secret_until > now() then previous_secret_until end as previous_secret_until, created_at`;

const toSubscription = (r: SubscriptionRow): EventWebhook => ({
  id: r.id,
  url: r.url,
  events: r.events as EventType[],
  description: r.description,
  enabled: r.enabled,
  disabledReason: r.disabled_reason,
  consecutiveFailures: r.consecutive_failures,
  previousSecretUntil: r.previous_secret_until?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

export async function insertSubscription(
  db: Pick<pg.Pool, 'query'>,
  s: { workspaceId: string; url: string; events: string[]; description: string; secretEnc: string; createdBy: string | null },
): Promise<EventWebhook> {
  const { rows } = await db.query<SubscriptionRow>(
    `insert into event_webhook_subscriptions (workspace_id, url, events, description, secret_enc, created_by)
     values ($1, $2, $3, $4, $5, $6) returning ${columns}`,
    [s.workspaceId, s.url, s.events, s.description, s.secretEnc, s.createdBy],
  );
  return toSubscription(rows[0]!);
}

export async function listSubscriptions(db: Pick<pg.Pool, 'query'>, workspaceId: string): Promise<EventWebhook[]> {
  const { rows } = await db.query<SubscriptionRow>(`select ${columns} from event_webhook_subscriptions where workspace_id = $1 order by created_at, id`, [
    workspaceId,
  ]);
  return rows.map(toSubscription);
}

export async function getSubscription(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<EventWebhook | null> {
  const { rows } = await db.query<SubscriptionRow>(`select ${columns} from event_webhook_subscriptions where workspace_id = $1 and id = $2`, [workspaceId, id]);
  return rows[0] ? toSubscription(rows[0]) : null;
}

/** Changes what is given; enabling clears the reason and the failure count (the owner says the endpoint is fixed). */
export async function updateSubscription(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  id: string,
  change: { url?: string; events?: string[]; description?: string; enabled?: boolean },
): Promise<EventWebhook | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `update event_webhook_subscriptions set
       url = coalesce($3, url), events = coalesce($4, events), description = coalesce($5, description),
       enabled = coalesce($6, enabled),
       disabled_reason = case when $6::boolean is null then disabled_reason when $6 then null else 'Disabled by a member' end,
       consecutive_failures = case when $6::boolean then 0 else consecutive_failures end
     where workspace_id = $1 and id = $2 returning ${columns}`,
    [workspaceId, id, change.url ?? null, change.events ?? null, change.description ?? null, change.enabled ?? null],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

export async function deleteSubscription(db: Pick<pg.Pool, 'query'>, workspaceId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query('delete from event_webhook_subscriptions where workspace_id = $1 and id = $2', [workspaceId, id]);
  return (rowCount ?? 0) > 0;
}

/** A new secret; the old one keeps signing too (a second signature) until `graceSec` from now. */
export async function rotateSecret(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  id: string,
  secretEnc: string,
  graceSec: number,
): Promise<EventWebhook | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `update event_webhook_subscriptions set previous_secret_enc = secret_enc, secret_enc = $3,
       previous_secret_until = now() + $4 * interval '1 second'
     where workspace_id = $1 and id = $2 returning ${columns}`,
    [workspaceId, id, secretEnc, graceSec],
  );
  return rows[0] ? toSubscription(rows[0]) : null;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  last_response_ms: number | null;
  created_at: Date;
  delivered_at: Date | null;
  payload: unknown;
}

const toDelivery = (r: DeliveryRow): EventWebhookDelivery => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type as EventType,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: r.status === 'pending' ? (r.next_attempt_at?.toISOString() ?? null) : null,
  lastStatusCode: r.last_status_code,
  lastError: r.last_error,
  lastResponseMs: r.last_response_ms,
  createdAt: r.created_at.toISOString(),
  deliveredAt: r.delivered_at?.toISOString() ?? null,
  payload: r.payload,
});

const deliveryColumns = `id, event_id, event_type, status, attempts, next_attempt_at, last_status_code, last_error, last_response_ms, created_at, delivered_at, payload`;

/** A subscription's newest deliveries first. */
export async function listDeliveries(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  subscriptionId: string,
  q: { status?: DeliveryStatus | undefined; limit: number },
): Promise<EventWebhookDelivery[]> {
  const { rows } = await db.query<DeliveryRow>(
    `select ${deliveryColumns} from event_webhook_deliveries
     where workspace_id = $1 and subscription_id = $2 and ($3::text is null or status = $3)
     order by created_at desc, id desc limit $4`,
    [workspaceId, subscriptionId, q.status ?? null, q.limit],
  );
  return rows.map(toDelivery);
}

/**
 * Sends a delivery again, now, with its original `webhook-id` and payload (a receiver that already
 * has it drops it): pending again with a fresh attempt budget, and the delivery job woken by the caller.
 */
export async function replayDelivery(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  subscriptionId: string,
  id: string,
): Promise<EventWebhookDelivery | null> {
  const { rows } = await db.query<DeliveryRow>(
    `update event_webhook_deliveries set status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = null
     where workspace_id = $1 and subscription_id = $2 and id = $3 returning ${deliveryColumns}`,
    [workspaceId, subscriptionId, id],
  );
  return rows[0] ? toDelivery(rows[0]) : null;
}
