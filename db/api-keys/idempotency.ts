import type pg from 'pg';
import { z } from 'zod';

/** What a first request answered, replayed to a retry with the same `Idempotency-Key`. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs `act` once per (workspace, idempotency key), in the caller's transaction: the key's row is
 * inserted first, so a concurrent request with the same key waits on it and, once the first commits,
 * gets the stored answer; if the first rolled back (it was refused), the second acts itself. A key
 * reused with a different request is 'mismatch'. Answers are kept a day (db/ops/prune.ts).
 */
export async function onceByKey(
  client: pg.PoolClient,
  k: { workspaceId: string; key: string; requestHash: string },
  act: () => Promise<StoredAnswer>,
): Promise<StoredAnswer | 'mismatch'> {
  const claimed = await client.query(
    `insert into api_idempotency_keys (workspace_id, key, request_hash) values ($1, $2, $3) on conflict (workspace_id, key) do nothing returning key`,
    [k.workspaceId, k.key, k.requestHash],
  );
  if (claimed.rowCount === 0) {
    const { rows } = await client.query('select request_hash, status, response from api_idempotency_keys where workspace_id = $1 and key = $2', [
      k.workspaceId,
      k.key,
    ]);
    const r = z.object({ request_hash: z.string(), status: z.number(), response: z.unknown() }).parse(rows[0]);
    return r.request_hash === k.requestHash ? { status: r.status, body: r.response } : 'mismatch';
  }
  const answer = await act();
  await client.query('update api_idempotency_keys set status = $3, response = $4::jsonb where workspace_id = $1 and key = $2', [
    k.workspaceId,
    k.key,
    answer.status,
    JSON.stringify(answer.body),
  ]);
  return answer;
}
