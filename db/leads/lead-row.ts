import { z } from 'zod';
import { leadSourceSchema, leadStatusSchema, type Lead } from '../../contracts/leads';

/** The columns every lead read selects, in this order (the CSV export shares it). */
export const leadColumns = `id, name, email, social_handle, source, status, score, value_cents, notes, contact_id, conversation_id, created_at, updated_at`;

export const leadRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  social_handle: z.string().nullable(),
  source: leadSourceSchema,
  status: leadStatusSchema,
  score: z.number(),
  value_cents: z.number(),
  notes: z.string(),
  contact_id: z.string().nullable(),
  conversation_id: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});

export function toLead(r: z.infer<typeof leadRow>): Lead {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    socialHandle: r.social_handle,
    source: r.source,
    status: r.status,
    score: r.score,
    value: r.value_cents,
    notes: r.notes,
    contactId: r.contact_id,
    conversationId: r.conversation_id,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  };
}
