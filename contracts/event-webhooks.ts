import { z } from 'zod';

/**
 * Event webhooks out (docs/api-webhooks.md): a workspace subscribes a URL to some of these events;
 * each is POSTed as `{type, timestamp, data}` signed the Standard Webhooks way. Managed at
 * /api/event-webhooks (Settings → Webhooks) and, with an API key, at /api/v1/webhooks.
 */
export const eventTypes = [
  'message.received',
  'message.sent',
  'comment.received',
  'contact.created',
  'contact.tagged',
  'lead.created',
  'lead.updated',
  'conversion.created',
  'run.completed',
  'run.failed',
] as const;
export type EventType = (typeof eventTypes)[number];

export const eventTypeLabels: Record<EventType, string> = {
  'message.received': 'A direct message arrived',
  'message.sent': 'A message was sent',
  'comment.received': 'A comment arrived',
  'contact.created': 'A new contact',
  'contact.tagged': 'A contact was tagged',
  'lead.created': 'A new lead',
  'lead.updated': 'A lead changed',
  'conversion.created': 'A conversion was recorded',
  'run.completed': 'A flow run completed',
  'run.failed': 'A flow run failed',
};

const urlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'URL is limited to 2,000 characters')
  .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), 'Enter a full http:// or https:// URL');

const eventsSchema = z
  .array(z.enum(eventTypes, { error: `Unknown event; known: ${eventTypes.join(', ')}` }), { error: 'Choose at least one event' })
  .min(1, 'Choose at least one event')
  .transform((e) => [...new Set(e)]);

export const createEventWebhookSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: z.string().trim().max(200, 'Description is limited to 200 characters').default(''),
});
export type CreateEventWebhook = z.infer<typeof createEventWebhookSchema>;

/** Update: the URL, the events, the description, or enabled (re-enabling resets the failure count). */
export const updateEventWebhookSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: z.string().trim().max(200, 'Description is limited to 200 characters').optional(),
    enabled: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type UpdateEventWebhook = z.infer<typeof updateEventWebhookSchema>;

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const deliveryListQuerySchema = z.object({
  status: z.enum(deliveryStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export interface EventWebhook {
  id: string;
  url: string;
  events: EventType[];
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  /** Set while a rotated-out secret still signs too (rotation grace). */
  previousSecretUntil: string | null;
  createdAt: string;
}

/** The answer of create and rotate: the secret, shown this once. */
export interface EventWebhookWithSecret extends EventWebhook {
  secret: string;
}

export interface EventWebhookDelivery {
  id: string;
  /** The `webhook-id` header: the same on every attempt and replay. */
  eventId: string;
  eventType: EventType;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  lastResponseMs: number | null;
  createdAt: string;
  deliveredAt: string | null;
  payload: unknown;
}

/** An event as made in the transaction of its fact: fanned out to the workspace's subscriptions in one statement. */
export interface OutgoingEvent {
  workspaceId: string;
  type: EventType;
  data: Record<string, unknown>;
}
