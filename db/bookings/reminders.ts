import type pg from 'pg';

export interface DueReminder {
  id: string;
  workspaceId: string;
  accountId: string;
  conversationId: string | null;
  platform: 'instagram' | 'facebook' | 'twitter';
  target: string;
  startsAt: Date;
  timeZone: string;
  lastInboundAt: Date | null;
  optedOut: boolean;
  pausedUntil: Date | null;
}

/**
 * The reminders that have come due, locked for the caller's transaction (SKIP LOCKED: two workers
 * take different ones). A reminder is settled (sent or skipped) in the transaction that claims it,
 * so it is decided once.
 */
export async function claimDueReminders(client: Pick<pg.PoolClient, 'query'>, limit: number): Promise<DueReminder[]> {
  const { rows } = await client.query<{
    id: string;
    workspace_id: string;
    account_id: string;
    conversation_id: string | null;
    platform: DueReminder['platform'];
    external_user_id: string;
    starts_at: Date;
    time_zone: string;
    last_inbound_at: Date | null;
    opted_out: boolean;
    automation_paused_until: Date | null;
  }>(
    `select b.id, b.workspace_id, b.account_id, a.platform, ct.external_user_id, b.starts_at, b.time_zone,
            ct.last_inbound_at, ct.opted_out_at is not null as opted_out, ct.automation_paused_until,
            (select conv.id from conversations conv where conv.contact_id = b.contact_id and conv.account_id = b.account_id limit 1) as conversation_id
       from bookings b join contacts ct on ct.id = b.contact_id join social_accounts a on a.id = b.account_id
      where b.reminder_status = 'pending' and b.remind_at <= now() and b.status = 'booked'
      order by b.remind_at
      limit $1
      for update of b skip locked`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    workspaceId: r.workspace_id,
    accountId: r.account_id,
    conversationId: r.conversation_id,
    platform: r.platform,
    target: r.external_user_id,
    startsAt: r.starts_at,
    timeZone: r.time_zone,
    lastInboundAt: r.last_inbound_at,
    optedOut: r.opted_out,
    pausedUntil: r.automation_paused_until,
  }));
}

export async function settleReminder(
  client: Pick<pg.PoolClient, 'query'>,
  id: string,
  outcome: { sent: true } | { sent: false; reason: string },
): Promise<void> {
  await client.query(`update bookings set reminder_status = $2, reminder_note = $3 where id = $1`, [
    id,
    outcome.sent ? 'sent' : 'skipped',
    outcome.sent ? null : outcome.reason,
  ]);
}
