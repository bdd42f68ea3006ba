import type pg from 'pg';
import { z } from 'zod';
import type { LinkCtrRow } from '../../contracts/analytics';
import { periodStartSql } from '../figures/period-sql';

const int = z.coerce.number().int();
const row = z.object({
  source: z.enum(['flow', 'rule', 'broadcast']),
  flow_id: z.string().nullable(),
  node_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  broadcast_id: z.string().nullable(),
  name: z.string(),
  sent: int,
  clicked_messages: int,
  clicks: int,
});

/**
 * Click-through per DM node, per comment rule and per broadcast, from the tracked_links made in the
 * last `days` calendar days (the workspace's zone) alone: each link's clicks are its `clicks` counter and its message's status is
 * its `message_sent` (both kept by triggers, migration 0026), so neither link_clicks nor messages
 * are read. One code per (message, URL), so:
 * sent = messages carrying a tracked link that reached `sent`; clicked = those of them with at
 * least one click; clicks = every click; CTR = clicked / sent. Bounded by
 * tracked_links_workspace_created_idx.
 */
export async function readLinkCtr(db: pg.Pool, workspaceId: string, days: number): Promise<LinkCtrRow[]> {
  const { rows } = await db.query(
    `with per_message as (
       -- A message's links all come from one DM node, rule or broadcast (wrapped together when it
       -- was queued) and share its status: one hash group per message, then per source.
       select t.message_id, any_value(t.flow_id) as flow_id, any_value(t.node_id) as node_id, any_value(t.rule_id) as rule_id,
         any_value(t.broadcast_id) as broadcast_id, bool_or(t.message_sent) as sent, sum(t.clicks) as clicks
       from tracked_links t
       where t.workspace_id = $1 and t.created_at >= ${periodStartSql('$1', '$2')} and t.message_id is not null
       group by t.message_id
     ), per_source as (
       select flow_id, node_id, rule_id, broadcast_id, count(*) filter (where sent) as sent,
         count(*) filter (where sent and clicks > 0) as clicked_messages, coalesce(sum(clicks), 0) as clicks
       from per_message group by flow_id, node_id, rule_id, broadcast_id
     )
     select case when p.rule_id is not null then 'rule' when p.broadcast_id is not null then 'broadcast' else 'flow' end as source,
       p.flow_id::text, p.node_id, p.rule_id::text, p.broadcast_id::text,
       coalesce(f.name, case when r.id is not null then 'Comment rule: ' || array_to_string(r.keywords, ', ')
         when b.id is not null then 'Broadcast: ' || b.name else 'Deleted' end) as name,
       p.sent, p.clicked_messages, p.clicks
     from per_source p
     left join flows f on f.id = p.flow_id and f.workspace_id = $1
     left join comment_rules r on r.id = p.rule_id and r.workspace_id = $1
     left join broadcasts b on b.id = p.broadcast_id and b.workspace_id = $1
     order by sent desc, name`,
    [workspaceId, days],
  );
  return z
    .array(row)
    .parse(rows)
    .map((r) => ({
      source: r.source,
      flowId: r.flow_id,
      nodeId: r.node_id,
      ruleId: r.rule_id,
      broadcastId: r.broadcast_id,
      name: r.name,
      sent: r.sent,
      clickedMessages: r.clicked_messages,
      clicks: r.clicks,
      ctr: r.sent > 0 ? r.clicked_messages / r.sent : null,
    }));
}
