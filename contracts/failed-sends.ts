import { z } from 'zod';

/** Why a send ended failed or uncertain (integrations/failure-reason.ts maps platform errors onto these). */
export const FAILURE_REASONS = [
  'window_closed',
  'permission_removed',
  'rate_limited',
  'recipient_unavailable',
  'uncertain',
  'account_disconnected',
  'rejected',
  'opted_out',
  'taken_over',
  'suspended',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** Plain words for each class, shown in the UI and in notifications. */
export const FAILURE_REASON_LABELS: Record<FailureReason, string> = {
  window_closed: 'Messaging window closed',
  permission_removed: 'Permission removed',
  rate_limited: 'Rate limited past its retries',
  recipient_unavailable: 'Recipient unavailable',
  uncertain: 'Delivery uncertain after a crash or timeout',
  account_disconnected: 'Account disconnected or token rejected',
  rejected: 'Refused by the platform',
  opted_out: 'Contact opted out',
  taken_over: 'A teammate took the conversation over',
  suspended: 'Workspace suspended by the instance operator',
};

export const failureReasonSchema = z.enum(FAILURE_REASONS);
export const sendSources = ['rule', 'flow', 'inbox', 'social_messaging', 'other'] as const;

/** A filter select's "all" (or an empty value) means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());

/** GET /api/failed-sends filters. */
export const listFailedSendsQuerySchema = z.object({
  reason: optionalFilter(failureReasonSchema),
  accountId: optionalFilter(z.uuid()),
  source: optionalFilter(z.enum(sendSources)),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type ListFailedSendsQuery = z.infer<typeof listFailedSendsQuerySchema>;

export interface FailedSend {
  id: string;
  accountId: string;
  /** "Instagram @shop". */
  account: string;
  kind: 'dm' | 'private_reply' | 'public_reply';
  source: (typeof sendSources)[number];
  ruleId: string | null;
  runId: string | null;
  contactId: string | null;
  contact: string | null;
  conversationId: string | null;
  text: string;
  reason: z.infer<typeof failureReasonSchema>;
  reasonLabel: string;
  /** The platform's own words, as the send recorded them. */
  error: string | null;
  attempts: number;
  /** The failed rows before this one (retries of retries), oldest first. */
  previousAttempts: number;
  /** Created; the ledger has no separate failure time. */
  at: string;
  /**
   * An uncertain send's check with the platform (F23): `pending` (not answered yet), `not_found`
   * (a retry is safe), `cannot_confirm`, or `unchecked` (failed before checks existed); null for
   * sends that failed for a known reason.
   */
  deliveryCheck: DeliveryCheck | null;
  /** The check's answer in plain words. */
  deliveryCheckNote: string | null;
  /** Retrying may send it twice: uncertain and not shown absent by the platform. Retry asks first. */
  duplicateRisk: boolean;
}

export const DELIVERY_CHECKS = ['unchecked', 'pending', 'not_found', 'cannot_confirm'] as const;
export type DeliveryCheck = (typeof DELIVERY_CHECKS)[number];
export const DELIVERY_CHECK_LABELS: Record<DeliveryCheck, string> = {
  unchecked: 'Not checked with the platform',
  pending: 'Checking with the platform…',
  not_found: 'Checked with the platform: not delivered',
  cannot_confirm: 'The platform cannot confirm whether it arrived',
};

export interface FailedSendsList {
  items: FailedSend[];
  total: number;
  groups: { reason: FailedSend['reason']; reasonLabel: string; accountId: string; account: string; count: number }[];
}

const ids = z.array(z.uuid()).min(1, 'Select at least one send').max(500);

/**
 * POST /api/failed-sends/retry. Uncertain sends the platform did not show absent may have been
 * delivered: a request with any of them is refused (400) unless `confirmDuplicateRisk` is true.
 */
export const retryFailedSendsBodySchema = z.object({ ids, confirmDuplicateRisk: z.boolean().default(false) });
/** The 400's `details` when a retry needs `confirmDuplicateRisk`: the ids that may already have been delivered. */
export interface DuplicateRiskDetails {
  duplicateRisk: string[];
}
/** POST /api/failed-sends/dismiss. */
export const dismissFailedSendsBodySchema = z.object({ ids, note: z.string().trim().min(1, 'Add a note saying why').max(1000) });

export type RetryResult = { id: string; status: 'queued'; retryId: string } | { id: string; status: 'skipped'; reason: string };
export interface RetryFailedSendsResponse {
  results: RetryResult[];
}
