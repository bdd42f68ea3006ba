import { z } from 'zod';

/**
 * One `outbound_ledger` row as SQL returns it (db/schema/pipeline.ts), the only description of it:
 * readers `.pick()` the columns they select and `.extend()` it with what they join.
 */
export const outboundLedgerRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  account_id: z.string(),
  idempotency_key: z.string(),
  kind: z.enum(['dm', 'private_reply', 'public_reply']),
  /** The contact's platform id (dm) or the comment id (replies). */
  target: z.string(),
  text: z.string(),
  message_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  scheduled_for: z.date(),
  attempts: z.number(),
  error: z.string().nullable(),
  platform_message_id: z.string().nullable(),
  created_at: z.date(),
  sent_at: z.date().nullable(),
});
export type OutboundLedgerRow = z.infer<typeof outboundLedgerRow>;
