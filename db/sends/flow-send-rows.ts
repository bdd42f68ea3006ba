import type pg from 'pg';
import { z } from 'zod';
import { outboundLedgerRow } from './outbound-ledger-row';

type Db = Pick<pg.PoolClient, 'query'>;

const sendContact = z.object({
  external_user_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  last_inbound_at: z.date().nullable(),
  opted_out_at: z.date().nullable(),
  automation_paused: z.boolean(),
  workspace_suspended: z.boolean(),
});

/** The contact a flow's send goes to: its platform id and names, when it last wrote (the messaging window), whether it opted out, whether a teammate took it over (contracts/takeover.ts), whether its workspace is suspended (ADR 0042). */
export async function readSendContact(db: Db, contactId: string): Promise<z.infer<typeof sendContact>> {
  const { rows } = await db.query(
    `select c.external_user_id, c.name, c.username, c.last_inbound_at, c.opted_out_at, coalesce(c.automation_paused_until > now(), false) as automation_paused,
            w.suspended_at is not null as workspace_suspended
       from contacts c join workspaces w on w.id = c.workspace_id where c.id = $1`,
    [contactId],
  );
  return sendContact.parse(rows[0]);
}

/** Whether a send under this idempotency key exists (e.g. a comment's one private reply already used). */
export async function sendKeyTaken(db: Db, idempotencyKey: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from outbound_ledger where idempotency_key = $1', [idempotencyKey]);
  return Boolean(rowCount);
}

const ledgerState = outboundLedgerRow.pick({ status: true, kind: true, error: true, message_id: true, platform_message_id: true });

/** A send's ledger state after its delivery: what a flow step records as its output. */
export async function readSendState(db: Db, ledgerId: string): Promise<z.infer<typeof ledgerState>> {
  const { rows } = await db.query('select status, kind, error, message_id, platform_message_id from outbound_ledger where id = $1', [ledgerId]);
  return ledgerState.parse(rows[0]);
}
