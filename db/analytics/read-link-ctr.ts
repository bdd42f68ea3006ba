import type pg from 'pg';
import { z } from 'zod';
import type { LinkCtrRow } from '../../contracts/analytics';

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
 * Click-through per DM node, per comment rule and per broadcast, from tracked_links → messages over
 * links made in the last `days` days; each link's clicks are its `clicks` counter (kept by a trigger
 * on link_clicks at commit, migration 0025), not a count of link_clicks rows. One code per (message, URL), so:
 * sent = messages carrying a tracked link that reached `sent`; clicked = those of them with at
 * least one click; clicks = every click; CTR = clicked / sent. Bounded by
 * tracked_links_workspace_created_idx.
 */
export async function readLinkCtr(db: pg.Pool, workspaceId: string, days: number): Promise<LinkCtrRow[]> {
  const { rows } = await db.query(
    `with links as (
       select t.message_id, t.flow_id, t.node_id, t.rule_id, t.broadcast_id, m.status,
         t.clicks
       from tracked_links t join messages m on m.id = t.message_id
       where t.workspace_id = $1 and t.created_at >= now() - make_interval(days => $2::int)
     ), per_message as (
       select message_id, flow_id, node_id, rule_id, broadcast_id, bool_or(status = 'sent') as sent, sum(clicks) as clicks
       from links group by message_id, flow_id, node_id, rule_id, broadcast_id
     )
     select case when p.rule_id is not null then 'rule' when p.broadcast_id is not null then 'broadcast' else 'flow' end as source,
       p.flow_id::text, p.node_id, p.rule_id::text, p.broadcast_id::text,
       coalesce(f.name, case when r.id is not null then 'Comment rule: ' || array_to_string(r.keywords, ', ')
         when b.id is not null then 'Broadcast: ' || b.name else 'Deleted' end) as name,
       count(*) filter (where p.sent) as sent,
       count(*) filter (where p.sent and p.clicks > 0) as clicked_messages,
       coalesce(sum(p.clicks), 0) as clicks
     from per_message p
     left join flows f on f.id = p.flow_id and f.workspace_id = $1
     left join comment_rules r on r.id = p.rule_id and r.workspace_id = $1
     left join broadcasts b on b.id = p.broadcast_id and b.workspace_id = $1
     group by 1, 2, 3, 4, 5, 6
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
