import { z } from 'zod';

/** docs/product-spec.md §3 Lead source and §4 lead statuses (any status may be set directly). */
export const leadSources = ['instagram', 'twitter', 'facebook', 'manual', 'import'] as const;
export const leadStatuses = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const;
export const leadSourceSchema = z.enum(leadSources);
export const leadStatusSchema = z.enum(leadStatuses);
export type LeadSource = z.infer<typeof leadSourceSchema>;
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** docs/product-spec.md §9: leads page size 20. */
export const LEADS_PAGE_SIZE = 20;

/** A filter select's "all" (or an empty value) means no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), schema.optional());

/** GET /api/leads and GET /api/leads/export.csv filters. */
export const leadFiltersSchema = z.object({
  status: optionalFilter(leadStatusSchema),
  source: optionalFilter(leadSourceSchema),
  search: optionalFilter(z.string().trim().max(100)),
});
export type LeadFilters = z.infer<typeof leadFiltersSchema>;

/**
 * A keyset position in the list: the lead's `created_at` (UTC, to the microsecond) and id, as the
 * server hands it out in `pagination.nextCursor` / `prevCursor`. Clients pass it back untouched.
 */
export const leadCursorSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Not a leads cursor');

/** Splits a cursor into the timestamp and id it encodes. */
export function parseLeadCursor(cursor: string): { createdAt: string; id: string } {
  const i = cursor.lastIndexOf('_');
  return { createdAt: cursor.slice(0, i), id: cursor.slice(i + 1) };
}

/**
 * `page` (OFFSET, any page by number) or a keyset cursor: `after` = the leads older than that
 * position (the next page), `before` = the leads newer than it (the previous page). A cursor page
 * costs the same at any depth; with a cursor, `page` is only echoed back (the page number the client
 * is showing).
 */
export const listLeadsQuerySchema = leadFiltersSchema
  .extend({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(LEADS_PAGE_SIZE),
    after: leadCursorSchema.optional(),
    before: leadCursorSchema.optional(),
  })
  .refine((q) => !(q.after && q.before), { message: 'Pass after or before, not both', path: ['before'] });
export type ListLeadsQuery = z.infer<typeof listLeadsQuerySchema>;

const name = z.string().trim().max(200, 'Name is limited to 200 characters');
const email = z.union([z.literal(''), z.email('Please enter a valid email address').max(320)]);
/** Whole cents, at most $10M: an integer column, and no sane deal is larger. */
const valueCents = z.number().int('Value must be whole cents').min(0, 'Value cannot be negative').max(1_000_000_000, 'Value is too large');
const notes = z.string().trim().max(5000, 'Notes are limited to 5,000 characters');

export const NAME_OR_EMAIL_MESSAGE = 'Enter a name or an email for the lead';

/** POST /api/leads: docs/product-spec.md §5, at least one of name or email. */
export const createLeadBodySchema = z
  .object({
    name: name.optional(),
    email: z.string().trim().pipe(email).optional(),
    socialHandle: z.string().trim().max(100).optional(),
    source: leadSourceSchema.default('manual'),
    status: leadStatusSchema.default('new'),
    value: valueCents.optional(),
    notes: notes.optional(),
  })
  .refine((b) => Boolean(b.name) || Boolean(b.email), { message: NAME_OR_EMAIL_MESSAGE, path: ['name'] });
export type CreateLeadBody = z.input<typeof createLeadBodySchema>;

/** PATCH /api/leads/:id: any subset; `value` in cents; an empty email clears it. */
export const updateLeadBodySchema = z
  .object({
    status: leadStatusSchema.optional(),
    value: valueCents.optional(),
    notes: notes.optional(),
    name: name.optional(),
    email: z.string().trim().pipe(email).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateLeadBody = z.input<typeof updateLeadBodySchema>;

export interface Lead {
  id: string;
  name: string;
  email: string | null;
  socialHandle: string | null;
  source: LeadSource;
  status: LeadStatus;
  score: number;
  /** Cents (shown as USD). */
  value: number;
  notes: string;
  contactId: string | null;
  /** The contact's conversation in the inbox, when there is one. */
  conversationId: string | null;
  createdAt: string;
  updatedAt: string;
}

export type LeadCounts = Record<LeadStatus, number>;

/** GET /api/leads (docs/product-spec.md §3 List response, plus counts per status for the stats row). */
export interface LeadsPage {
  leads: Lead[];
  /**
   * `nextCursor` / `prevCursor`: pass as `after` / `before` for the next / previous page (null when
   * there is none); the cheap way to step through pages at any depth.
   */
  pagination: { page: number; limit: number; total: number; pages: number; nextCursor: string | null; prevCursor: string | null };
  /** Every lead of the workspace per status, whatever the filters. */
  counts: LeadCounts;
}
