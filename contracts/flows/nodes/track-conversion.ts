import { z } from 'zod';

/**
 * trackConversion: records a sale for the run's contact (and its lead, if any), attributed to the
 * flow, so the analytics funnel shows entered → completed → converted. Whole cents, USD only.
 */
export const trackConversionConfig = z.object({
  amountCents: z.number().int('Amount must be whole cents').min(0, 'Amount cannot be negative').max(1_000_000_000, 'Amount is too large'),
  currency: z.literal('USD', 'Only USD is supported'),
});

export const trackConversionDefault = { amountCents: 0, currency: 'USD' } satisfies z.infer<typeof trackConversionConfig>;
