import { z } from 'zod';

/**
 * enrollSequence: puts the run's contact into a sequence (ADR 0048), or takes them out. Enrolling a
 * contact already active in it changes nothing; a sequence deleted or turned off since publishing
 * enrols nobody. The steps' messages follow the sequence's rules (window, opt-out, stop on reply).
 */
export const enrollSequenceConfig = z.object({
  sequenceId: z.uuid('Choose a sequence'),
  action: z.enum(['enroll', 'unenroll']),
});

/** No sequence on purpose: the user picks one. */
export const enrollSequenceDefault = { sequenceId: '', action: 'enroll' } satisfies z.input<typeof enrollSequenceConfig>;
