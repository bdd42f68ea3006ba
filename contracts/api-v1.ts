import { z } from 'zod';
import { listKnowledgeQuerySchema } from './knowledge';
import { platformSchema, type Platform } from './platforms';

/**
 * The public REST API's own shapes (docs/api.md): what /api/v1 adds to the app's contracts. Lists
 * answer `{data, nextCursor}`; pass `nextCursor` back as `cursor` for the next page (null: the last).
 */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const listContactsQuerySchema = pageQuerySchema.extend({
  /** Matches the name or the handle (case-insensitive, anywhere in it). */
  q: z.string().trim().min(1).max(200).optional(),
  /** Only contacts with this tag. */
  tag: z.string().trim().min(1).max(100).optional(),
});
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;

/** GET /api/v1/knowledge: the app's filters (kind, visibility, q), paged by cursor instead of `page`. */
export const listKnowledgeApiQuerySchema = pageQuerySchema.extend(listKnowledgeQuerySchema.pick({ kind: true, visibility: true, q: true }).shape);

export const contactSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  platform: platformSchema,
  externalUserId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.unknown()),
  optedOut: z.boolean(),
  lastInboundAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export interface Contact extends Omit<z.infer<typeof contactSchema>, 'platform'> {
  platform: Platform;
}

const tag = z.string().trim().min(1, 'A tag cannot be empty').max(100, 'Tags are limited to 100 characters');

/**
 * PATCH /api/v1/contacts/:id. `customFields` are merged (a null value removes the field); tags are
 * added and removed (`addTags`, `removeTags`) or replaced whole (`tags`).
 */
export const updateContactBodySchema = z
  .object({
    name: z.string().trim().max(200).optional(),
    customFields: z
      .record(z.string().trim().min(1).max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
      .refine((r) => Object.keys(r).length <= 50, 'At most 50 fields at once')
      .optional(),
    tags: z.array(tag).max(100).optional(),
    addTags: z.array(tag).max(100).optional(),
    removeTags: z.array(tag).max(100).optional(),
  })
  .refine((b) => !(b.tags && (b.addTags || b.removeTags)), { message: 'Pass tags, or addTags/removeTags, not both', path: ['tags'] })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateContactBody = z.infer<typeof updateContactBodySchema>;

/** The `Idempotency-Key` header of a POST that sends: 1–200 visible characters. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'Use visible ASCII characters');

/** POST /api/v1/flows/:id/runs */
export const startRunBodySchema = z.object({ contactId: z.uuid() });
