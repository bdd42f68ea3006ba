import type pg from 'pg';
import { z } from 'zod';
import type { PublicStatsResponse } from '../../contracts/stats';

const row = z.object({ users: z.number().int(), messages_sent: z.number().int(), connected_accounts: z.number().int() });

/** Counts for the landing page, in one round trip. Simulator (sandbox) sends and demo visitors are not real use. */
export async function readPublicStats(pool: pg.Pool): Promise<PublicStatsResponse> {
  const { rows } = await pool.query(
    `select (select count(*)::int from users where not is_demo) as users,
            (select count(*)::int from outbound_ledger l join social_accounts a on a.id = l.account_id
              where l.status = 'sent' and a.provider <> 'sandbox') as messages_sent,
            (select count(*)::int from social_accounts where provider <> 'sandbox' and is_active) as connected_accounts`,
  );
  const r = row.parse(rows[0]);
  return { users: r.users, messagesSent: r.messages_sent, connectedAccounts: r.connected_accounts };
}
