import type pg from 'pg';
import { z } from 'zod';
import { toneIds, type ToneId } from '../../contracts/onboarding';

type Db = Pick<pg.Pool, 'query'>;

export interface WorkspaceFactsRow {
  businessName: string | null;
  websiteUrl: string | null;
  tone: ToneId;
  offer: { name: string; url: string | null } | null;
  profile: Partial<Record<'pricing' | 'business_hours' | 'returns', string>>;
}

const factsRow = z.object({
  business_name: z.string().nullable(),
  website_url: z.string().nullable(),
  tone: z.enum(toneIds).nullable(),
  offer_name: z.string().nullable(),
  offer_url: z.string().nullable(),
  profile: z.record(z.string(), z.string()).nullable(),
});

/**
 * What a template is filled with (api/features/templates/catalogue/template-variables.ts): the
 * persona (business name, tone) set by onboarding, else the latest onboarding answers; the first
 * public offer of the knowledge base (one with a link first); and the public profile answers: a
 * template's messages go to contacts, so internal entries never fill them (ADR 0037). Takes a client
 * so onboarding can read what it just wrote in its own transaction.
 */
export async function readWorkspaceFacts(db: Db, workspaceId: string): Promise<WorkspaceFactsRow> {
  const { rows } = await db.query(
    `select
       coalesce(p.business_name, nullif(o.answers->>'businessName', ''), (o.answers->'scannedData'->>'businessName')) as business_name,
       nullif(o.answers->>'websiteUrl', '') as website_url,
       coalesce(p.tone, o.answers->>'tone') as tone,
       offer.title as offer_name, offer.url as offer_url,
       (select jsonb_object_agg(k.question_id, k.body) from knowledge_entries k
         where k.workspace_id = $1 and k.kind = 'profile' and k.visibility = 'public'
           and k.question_id in ('pricing', 'business_hours', 'returns')) as profile
     from (select $1::uuid as workspace_id) w
     left join workspace_personas p on p.workspace_id = w.workspace_id
     left join lateral (select answers from onboarding_progress where workspace_id = w.workspace_id order by updated_at desc limit 1) o on true
     left join lateral (select title, url from knowledge_entries where workspace_id = w.workspace_id and kind = 'offer' and visibility = 'public'
                        order by (url is null), created_at, id limit 1) offer on true`,
    [workspaceId],
  );
  const r = factsRow.parse(rows[0]);
  return {
    businessName: r.business_name,
    websiteUrl: r.website_url,
    tone: r.tone ?? 'friendly',
    offer: r.offer_name ? { name: r.offer_name, url: r.offer_url } : null,
    profile: r.profile ?? {},
  };
}
