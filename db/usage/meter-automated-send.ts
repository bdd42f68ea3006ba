import type pg from 'pg';
import { recordUsage } from './record-usage';

/**
 * Counts a send that was just marked `sent`, in the same transaction as that mark: a ledger row
 * becomes `sent` once (under its row lock, ADR 0006), so a retried job or a redelivered event can
 * never count it twice. Only automated DMs count: a comment rule's or a flow's DM or private reply;
 * a person's inbox reply and public comment replies do not.
 */
export async function meterAutomatedSend(client: pg.PoolClient, ledgerId: string): Promise<void> {
  const { rows } = await client.query<{ workspace_id: string }>(
    `select l.workspace_id
     from outbound_ledger l left join messages m on m.id = l.message_id
     where l.id = $1 and l.status = 'sent' and l.kind in ('dm', 'private_reply')
       and (l.rule_id is not null or m.source in ('comment_rule', 'flow', 'broadcast', 'sequence'))`,
    [ledgerId],
  );
  if (rows[0]) await recordUsage(client, rows[0].workspace_id);
}
