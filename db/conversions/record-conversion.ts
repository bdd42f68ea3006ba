import type pg from 'pg';
import { eventCtes } from '../event-webhooks/emit-events';
import { z } from 'zod';
import type { Conversion, createConversionBodySchema } from '../../contracts/conversions';

type Body = z.output<typeof createConversionBodySchema>;

export const conversionRow = z.object({
  id: z.string(),
  source: z.enum(['lead', 'api', 'flow']),
  lead_id: z.string().nullable(),
  contact_id: z.string().nullable(),
  flow_id: z.string().nullable(),
  amount_cents: z.number(),
  currency: z.literal('USD'),
  created_at: z.date(),
});
export const conversionColumns = 'id, source, lead_id, contact_id, flow_id, amount_cents, currency, created_at';

export const toConversion = (r: z.infer<typeof conversionRow>): Conversion => ({
  id: r.id,
  source: r.source,
  leadId: r.lead_id,
  contactId: r.contact_id,
  flowId: r.flow_id,
  amountCents: r.amount_cents,
  currency: r.currency,
  createdAt: r.created_at.toISOString(),
});

/** `conversion.created` for a conversion really inserted (not an idempotent repeat), in its statement. */
const apiConversionEvents = eventCtes(`select $1::uuid as workspace_id, 'conversion.created'::text as type,
    jsonb_build_object('conversionId', ins.id, 'source', 'api', 'leadId', ins.lead_id, 'contactId', ins.contact_id,
      'amountCents', ins.amount_cents, 'currency', ins.currency) as data, 1::bigint as n
  from ins`);

/**
 * A purchase a shop reports (POST /api/conversions). The lead or contact must be this workspace's
 * ('not_found' otherwise, as for any other tenant's id); a lead's contact is filled in from it. The
 * same idempotency key again returns the first conversion (`created: false`) and adds nothing: the
 * rollup trigger only runs on a real insert.
 */
export async function recordApiConversion(db: pg.Pool, workspaceId: string, body: Body): Promise<{ conversion: Conversion; created: boolean } | 'not_found'> {
  const { rows } = await db.query(
    `with lead as (select id, contact_id from leads where workspace_id = $1 and id = $3::uuid),
          contact as (select id from contacts where workspace_id = $1 and id = $4::uuid),
          ok as (select ($3::uuid is null or exists (select 1 from lead)) and ($4::uuid is null or exists (select 1 from contact)) as ok),
          ins as (
            insert into conversions (workspace_id, source, lead_id, contact_id, amount_cents, currency, idempotency_key)
            select $1, 'api', (select id from lead), coalesce((select id from contact), (select contact_id from lead)), $2, $5, $6
            where (select ok from ok)
            on conflict (workspace_id, idempotency_key) do nothing
            returning ${conversionColumns}),
          ${apiConversionEvents.ctes}
     select (select ok from ok) as ok, (select row_to_json(ins) from ins) as inserted, ${apiConversionEvents.woke} as woke`,
    [workspaceId, body.amountCents, body.leadId ?? null, body.contactId ?? null, body.currency, `api:${body.idempotencyKey}`],
  );
  const head = z.object({ ok: z.boolean(), inserted: z.unknown() }).parse(rows[0]);
  if (!head.ok) return 'not_found';
  if (head.inserted) {
    const r = conversionRow.extend({ created_at: z.coerce.date() }).parse(head.inserted);
    return { conversion: toConversion(r), created: true };
  }
  const existing = await db.query(`select ${conversionColumns} from conversions where workspace_id = $1 and idempotency_key = $2`, [
    workspaceId,
    `api:${body.idempotencyKey}`,
  ]);
  return { conversion: toConversion(conversionRow.parse(existing.rows[0])), created: false };
}
