import type pg from 'pg';
import { z } from 'zod';
import { outboundLedgerRow } from './outbound-ledger-row';
import { replyOptionsSchema } from '../../contracts/reply-options';

const num = z
  .union([z.string(), z.number()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)));

/** One ledger row with its account, message and the facts the messaging windows need: what a send reads. */
export const sendEntrySchema = outboundLedgerRow
  .pick({
    id: true,
    workspace_id: true,
    account_id: true,
    kind: true,
    target: true,
    text: true,
    message_id: true,
    rule_id: true,
    status: true,
    attempts: true,
    scheduled_for: true,
  })
  .extend({
    /** Quick replies and buttons to send with the text (contracts/reply-options.ts). */
    reply_options: replyOptionsSchema.nullable(),
    not_yet: z.boolean(),
    /** A `sending` row whose lease has not run out: its call is in flight in some process (ADR 0021). */
    lease_live: z.boolean().nullable(),
    send_lease_until: z.date().nullable(),
    provider: z.enum(['meta', 'x', 'sandbox']),
    platform: z.enum(['instagram', 'facebook', 'twitter']),
    external_id: z.string(),
    username: z.string(),
    account_status: z.enum(['active', 'needs_reconnect']),
    is_active: z.boolean(),
    access_token_enc: z.string().nullable(),
    refresh_token_enc: z.string().nullable(),
    token_expires_at: z.date().nullable(),
    linked_external_id: z.string().nullable(),
    profile: z.unknown(),
    conversation_id: z.string().nullable(),
    message_source: z.string().nullable(),
    inbound_age_ms: num,
    comment_age_ms: num,
  });
export type SendEntry = z.infer<typeof sendEntrySchema>;

/** The ledger row with everything a send needs. */
const ENTRY_COLUMNS = `l.id, l.workspace_id, l.account_id, l.kind, l.target, l.text, l.reply_options, l.message_id, l.rule_id, l.status, l.attempts,
            l.scheduled_for, l.scheduled_for > clock_timestamp() as not_yet,
            l.send_lease_until, l.send_lease_until > clock_timestamp() as lease_live,
            a.provider, a.platform, a.external_id, a.username, a.status as account_status, a.is_active,
            a.access_token_enc, a.refresh_token_enc, a.token_expires_at, a.linked_external_id, a.profile,
            m.conversation_id, m.source as message_source,
            extract(epoch from now() - (select c.last_inbound_at from contacts c where c.account_id = l.account_id and c.external_user_id = l.target)) * 1000 as inbound_age_ms,
            extract(epoch from now() - (select cm.commented_at from comments cm where cm.account_id = l.account_id and cm.platform_comment_id = l.target)) * 1000 as comment_age_ms`;
/** The ledger row joined with its account and message, for ENTRY_COLUMNS. */
const ENTRY_FROM = `outbound_ledger l join social_accounts a on a.id = l.account_id left join messages m on m.id = l.message_id`;

/** The rows, read without a lock, in one statement (a row may change before it is claimed: claims compare and set). */
export async function readSendEntries(db: Pick<pg.Pool, 'query'>, ledgerIds: string[]): Promise<SendEntry[]> {
  if (ledgerIds.length === 0) return [];
  const { rows } = await db.query({
    name: 'send-read',
    text: `select ${ENTRY_COLUMNS}
     from ${ENTRY_FROM}
     where l.id = any($1::uuid[])`,
    values: [ledgerIds],
  });
  return rows.map((r) => sendEntrySchema.parse(r));
}

/** The row read again under its row lock, in the caller's transaction; undefined when it is gone. */
export async function lockSendEntry(client: Pick<pg.PoolClient, 'query'>, ledgerId: string): Promise<SendEntry | undefined> {
  const { rows } = await client.query(`select ${ENTRY_COLUMNS} from ${ENTRY_FROM} where l.id = $1 for update of l`, [ledgerId]);
  return rows[0] ? sendEntrySchema.parse(rows[0]) : undefined;
}

export const kindLabel = { dm: 'DM', private_reply: 'private reply', public_reply: 'public reply' } as const;

/** "Instagram @shop", as messages about a send name its account. */
export function accountLabel(e: Pick<SendEntry, 'platform' | 'username'>): string {
  const name = e.platform === 'facebook' ? 'Facebook Page' : e.platform === 'twitter' ? 'X' : 'Instagram';
  return `${name} @${e.username}`;
}
