import { z } from 'zod';

/** complete: end the run. Takes no settings; unknown keys are kept. */
export const completeConfig = z.object({}).loose();

export const completeDefault = {} satisfies z.infer<typeof completeConfig>;
