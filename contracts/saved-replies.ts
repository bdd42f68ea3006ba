import { z } from 'zod';

/**
 * Saved replies (canned responses): per workspace, inserted into the inbox reply box with `/`.
 * The name is what the picker filters on (letters, digits, `-` and `_`, like a slash command).
 */
const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(40, 'Names are limited to 40 characters')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'Use letters, digits, - and _ only (no spaces)');
/** The same limit as an inbox message (contracts/inbox.ts sendMessageBodySchema). */
const content = z
  .string({ error: 'Reply text is required' })
  .trim()
  .min(1, 'Reply text is required')
  .max(2000, 'Saved replies are limited to 2,000 characters');

/** POST /api/saved-replies */
export const createSavedReplyBodySchema = z.object({ name, content });
/** PATCH /api/saved-replies/:id: either or both. */
export const updateSavedReplyBodySchema = z
  .object({ name: name.optional(), content: content.optional() })
  .refine((b) => b.name !== undefined || b.content !== undefined, { message: 'Nothing to update' });

export type CreateSavedReplyBody = z.input<typeof createSavedReplyBodySchema>;
export type UpdateSavedReplyBody = z.input<typeof updateSavedReplyBodySchema>;

/** An item of GET /api/saved-replies (sorted by name), and the body of POST / PATCH. */
export interface SavedReply {
  id: string;
  name: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

/** A workspace keeps at most this many; the picker lists them all. */
export const SAVED_REPLIES_LIMIT = 200;
