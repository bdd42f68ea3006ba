import { z } from 'zod';
import { duration, durationMs, fieldName, maxDelayMs } from './shared';

/** waitForReply: pause until the contact answers (branch "reply") or the timeout passes (branch "timeout"). */
export const waitForReplyConfig = z.object({
  timeout: duration.refine((d) => durationMs(d) > 0 && durationMs(d) <= maxDelayMs, 'Timeout must be between 1 second and 365 days'),
  /** Save the reply's text to this contact field. */
  saveAs: fieldName.nullable().default(null),
});

export const waitForReplyDefault = { timeout: { amount: 1, unit: 'days' }, saveAs: null } satisfies z.infer<typeof waitForReplyConfig>;
