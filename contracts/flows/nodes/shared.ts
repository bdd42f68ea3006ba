import { z } from 'zod';

/** Pieces more than one node kind's config schema uses. */

export const fieldName = z
  .string()
  .trim()
  .min(1, 'Field name is required')
  .max(50)
  .regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'Field names use letters, digits and _ and start with a letter');

export const tagName = z.string().trim().min(1, 'Tag is required').max(50);

export const messageText = z.string().trim().min(1, 'Message text is required');

export const durationUnits = ['seconds', 'minutes', 'hours', 'days'] as const;
export const unitMs: Record<(typeof durationUnits)[number], number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};
export const maxDelayMs = 365 * 86_400_000;
export const duration = z.object({
  amount: z.number().int('Whole numbers only').min(0, 'Must be 0 or more'),
  unit: z.enum(durationUnits),
});
export type Duration = z.infer<typeof duration>;
export const durationMs = (d: Duration) => d.amount * unitMs[d.unit];
