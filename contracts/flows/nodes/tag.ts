import { z } from 'zod';
import { tagName } from './shared';

/** addTag, removeTag: one schema for both. */
export const tagConfig = z.object({ tag: tagName });

/** Empty tag on purpose: the user names it. */
export const tagDefault = { tag: '' } satisfies z.infer<typeof tagConfig>;
