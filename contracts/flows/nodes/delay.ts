import type { z } from 'zod';
import { duration, durationMs, maxDelayMs } from './shared';

/** delay: sleep for a duration. */
export const delayConfig = duration.refine((d) => durationMs(d) <= maxDelayMs, 'Delays are limited to 365 days');

export const delayDefault = { amount: 1, unit: 'hours' } satisfies z.infer<typeof delayConfig>;
