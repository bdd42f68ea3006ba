import { z } from 'zod';

/** The account an inbound event belongs to, as the inbound pipeline reads it. */
export const accountRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  provider: z.string(),
  username: z.string(),
  /** Its workspace is suspended (ADR 0042): events are stored, nothing automated answers them. */
  suspended: z.boolean().default(false),
});
export type AccountRow = z.infer<typeof accountRow>;
