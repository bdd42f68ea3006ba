import { z } from 'zod';

/**
 * POST /api/conversions: a shop reports a purchase with the workspace's API key
 * (`Authorization: Bearer <key>`). Amount in whole cents, USD only; the idempotency key makes a
 * retried report a no-op. The buyer is a lead (`leadId`) or a contact (`contactId`), or neither.
 */
export const createConversionBodySchema = z.object({
  amountCents: z.number().int('Amount must be whole cents').min(0, 'Amount cannot be negative').max(1_000_000_000, 'Amount is too large'),
  currency: z.literal('USD', 'Only USD is supported').default('USD'),
  leadId: z.uuid().optional(),
  contactId: z.uuid().optional(),
  idempotencyKey: z.string().trim().min(1).max(200),
});
export type CreateConversionBody = z.input<typeof createConversionBodySchema>;

export interface Conversion {
  id: string;
  source: 'lead' | 'api' | 'flow';
  leadId: string | null;
  contactId: string | null;
  flowId: string | null;
  amountCents: number;
  currency: 'USD';
  createdAt: string;
}
