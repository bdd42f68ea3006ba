import type pg from 'pg';
import { z } from 'zod';
import { CONTACT_PANEL_CONVERSATIONS, CONTACT_PANEL_RUNS, type ContactPanel } from '../../contracts/inbox';
import { listRuns } from '../flows/read-runs';
import { leadColumns, leadRow, toLead } from '../leads/lead-row';
import { listConversationsWhere } from './read-inbox';

const contactRow = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  platform: z.enum(['instagram', 'facebook', 'twitter']),
  external_user_id: z.string(),
  tags: z.array(z.string()),
  custom_fields: z.record(z.string(), z.unknown()),
  created_at: z.date(),
  opted_out_at: z.date().nullable(),
});

/** Flows store any JSON in a field; the panel shows scalars as they are and anything else as JSON text. */
function scalarFields(fields: Record<string, unknown>): ContactPanel['contact']['customFields'] {
  const out: ContactPanel['contact']['customFields'] = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value === null || ['string', 'number', 'boolean'].includes(typeof value) ? (value as string | number | boolean | null) : JSON.stringify(value);
  }
  return out;
}

/** The contact panel of a conversation (contracts/inbox.ts ContactPanel); undefined for another workspace's id. */
export async function readContactPanel(pool: pg.Pool, workspaceId: string, conversationId: string): Promise<ContactPanel | undefined> {
  const found = await pool.query(
    `select ct.id, coalesce(nullif(ct.name, ''), conv.customer_name) as name, coalesce(ct.username, conv.customer_username) as username,
            conv.platform, ct.external_user_id, ct.tags, ct.custom_fields, ct.created_at, ct.opted_out_at
     from conversations conv join contacts ct on ct.id = conv.contact_id
     where conv.workspace_id = $1 and conv.id = $2`,
    [workspaceId, conversationId],
  );
  if (!found.rows[0]) return undefined;
  const c = contactRow.parse(found.rows[0]);
  const [lead, runs, otherConversations] = await Promise.all([
    pool.query(`select ${leadColumns} from leads where workspace_id = $1 and contact_id = $2`, [workspaceId, c.id]),
    listRuns(pool, workspaceId, { contactId: c.id, limit: CONTACT_PANEL_RUNS }),
    // Contacts are per account: the same person on another of the workspace's accounts is another contact row.
    // Found through contacts' (account, external user) unique index, one probe per account.
    listConversationsWhere(
      pool,
      workspaceId,
      `c.platform = $2 and c.id <> $4 and c.contact_id in (
         select ct.id from social_accounts a join contacts ct on ct.account_id = a.id and ct.external_user_id = $3 where a.workspace_id = $1)`,
      [c.platform, c.external_user_id, conversationId],
      CONTACT_PANEL_CONVERSATIONS,
    ),
  ]);
  return {
    contact: {
      id: c.id,
      name: c.name,
      username: c.username,
      platform: c.platform,
      externalUserId: c.external_user_id,
      tags: c.tags,
      customFields: scalarFields(c.custom_fields),
      firstSeenAt: c.created_at.toISOString(),
      optedOut: c.opted_out_at !== null,
      optedOutAt: c.opted_out_at?.toISOString() ?? null,
    },
    lead: lead.rows[0] ? toLead(leadRow.parse(lead.rows[0])) : null,
    runs: runs.runs,
    otherConversations,
  };
}
