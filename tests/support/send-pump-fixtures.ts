import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { PlatformDeps } from '../../activities/platform-deps';
import type { SendOutcome } from '../../contracts/send-outcome';
import { platformDriver, sendInOneTransaction } from '../../activities/send-outbound.activity';
import { createSendPump, type SendPump } from '../../workers/send-pump';
import type { MetaGraphFake } from '../fakes/meta-graph.fake';
import { fakePage, seedMetaAccounts } from './meta-accounts';
import { newWorkspaceUser } from './workspace';

/** A send pump as the worker builds it, recording each outcome and each error message. */
export function pumpOf(p: pg.Pool, deps: PlatformDeps, maxInFlight: number, outcomes: Map<string, SendOutcome>, errors: string[] = []): SendPump {
  return createSendPump(p, deps, {
    maxInFlight,
    pick: platformDriver,
    other: sendInOneTransaction,
    sleep: (ms) => sleep(ms),
    now: () => performance.now(),
    onError: (_err, message) => errors.push(message),
    onOutcome: (id, outcome) => outcomes.set(id, outcome),
  });
}

/** `count` queued private replies on a new Instagram account (a Page added to the fake), with no job behind them. */
export async function queuedRows(app: { baseUrl: string; pool: pg.Pool; fake: MetaGraphFake }, prefix: string, count: number) {
  const w = await newWorkspaceUser(app.baseUrl);
  const page = fakePage(prefix);
  app.fake.addPage(page);
  const { igAccountId } = await seedMetaAccounts(app.pool, w.user.workspaceId, page);
  const { rows } = await app.pool.query<{ id: string; target: string }>(
    `insert into outbound_ledger (workspace_id, account_id, idempotency_key, kind, target, text)
     select $1::uuid, $2::uuid, 'private_reply:' || $2::text || ':' || $3::text || i, 'private_reply', $3::text || i, 'Here you go'
     from generate_series(1, $4) i
     returning id, target`,
    [w.user.workspaceId, igAccountId, `c-${prefix}-${Date.now()}-`, count],
  );
  return rows;
}
