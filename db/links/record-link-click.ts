import type pg from 'pg';
import { z } from 'zod';
import { inTransaction } from '../transaction';

const linkRow = z.object({ code: z.string(), workspace_id: z.string(), target_url: z.string(), contact_id: z.string().nullable() });
const leadRow = z.object({
  id: z.string(),
  inbound_count: z.number(),
  reply_count: z.number(),
  link_clicks: z.number(),
  last_activity_at: z.date().nullable(),
});

/** The lead's counters after the click, as the score function (workflows/lead-score.ts, passed in) reads them. */
export interface ClickedLeadEngagement {
  inboundMessages: number;
  replies: number;
  linkClicks: number;
  lastActivityAt: Date | null;
}

/**
 * One click on a tracked link, in ONE transaction: the link_clicks row (its AFTER trigger adds to
 * analytics_daily, migration 0016) and the contact's lead's click count and score, so a click that
 * rolls back counts nowhere. Returns the target to redirect to, or null for an unknown code.
 */
export async function recordLinkClick(pool: pg.Pool, code: string, now: Date, score: (e: ClickedLeadEngagement, now: Date) => number): Promise<string | null> {
  const client = await pool.connect();
  try {
    return await inTransaction(client, async (c) => {
      const found = await c.query('select code, workspace_id, target_url, contact_id from tracked_links where code = $1', [code]);
      if (!found.rows[0]) return null;
      const link = linkRow.parse(found.rows[0]);
      await c.query('insert into link_clicks (workspace_id, code, clicked_at) values ($1, $2, $3)', [link.workspace_id, link.code, now]);
      if (link.contact_id) {
        const { rows } = await c.query(
          `update leads set link_clicks = link_clicks + 1, last_activity_at = greatest(last_activity_at, $3::timestamptz), updated_at = now()
           where workspace_id = $1 and contact_id = $2
           returning id, inbound_count, reply_count, link_clicks, last_activity_at`,
          [link.workspace_id, link.contact_id, now],
        );
        if (rows[0]) {
          const lead = leadRow.parse(rows[0]);
          const newScore = score(
            { inboundMessages: lead.inbound_count, replies: lead.reply_count, linkClicks: lead.link_clicks, lastActivityAt: lead.last_activity_at },
            now,
          );
          await c.query('update leads set score = $2 where id = $1', [lead.id, newScore]);
        }
      }
      return link.target_url;
    });
  } finally {
    client.release();
  }
}

/** The target of a code without counting a click (a link preview bot). */
export async function findLinkTarget(pool: pg.Pool, code: string): Promise<string | null> {
  const { rows } = await pool.query('select target_url from tracked_links where code = $1', [code]);
  return rows[0] ? z.object({ target_url: z.string() }).parse(rows[0]).target_url : null;
}
