import type pg from 'pg';
import { readActiveAccount, type ClaimedEvent } from '../../db/inbound/claim-events';
import { newInboundTail, type InboundEvent } from './context';
import { accountRow } from './conversations';
import { MalformedEventError, normalizeEvent } from './normalize-event';

/**
 * Stage 1 of a batch: one claimed event normalized and checked against its account (the one its
 * claim brought, or read), or the error a malformed event is stored with; a processed one is skipped.
 */
export async function resolveEvent(client: pg.PoolClient, row: ClaimedEvent): Promise<'already-processed' | { error: string } | InboundEvent> {
  if (row.processed_at) return 'already-processed';
  try {
    const normalized = normalizeEvent(row.provider, row.payload);
    const claimed = row.a_id === normalized.accountId;
    const found = claimed
      ? {
          id: row.a_id,
          workspace_id: row.a_workspace_id,
          platform: row.a_platform,
          provider: row.a_provider,
          username: row.a_username,
          suspended: row.a_suspended ?? false,
        }
      : await readActiveAccount(client, normalized.accountId);
    if (!found) throw new MalformedEventError(`Unknown or inactive account ${normalized.accountId}`);
    const account = accountRow.parse(found);
    // A sandbox event names its workspace at ingest; it must match the account's (no cross-tenant writes).
    if (row.workspace_id && row.workspace_id !== account.workspace_id) throw new MalformedEventError('Event workspace does not own the account');
    return {
      normalized,
      account,
      prefetched: claimed ? { rules: row.a_rules, triggers: row.a_triggers, moderation: row.a_moderation } : {},
      tail: newInboundTail(),
    };
  } catch (err) {
    if (!(err instanceof MalformedEventError)) throw err;
    return { error: err.message };
  }
}
