import type pg from 'pg';
import { leadEvents } from './lead-events';
import { leadColumns } from './lead-row';
import { z } from 'zod';

/** One inbound comment or DM from a contact, as the lead it may make or feed sees it. */
export interface LeadActivity {
  workspaceId: string;
  /** The account the contact is on (the contact's history is counted on it). */
  accountId: string;
  contactId: string;
  conversationId: string | null;
  name: string;
  handle: string | null;
  source: 'instagram' | 'facebook' | 'twitter';
  at: Date;
  /** 1 for a DM that answers one of ours, else 0. */
  reply: 0 | 1;
  /** Make the lead when the contact has none (a rule fired, or buying intent); else only feed an existing one. */
  create: boolean;
}

export const engagementRow = z.object({
  id: z.string(),
  inbound_count: z.number(),
  reply_count: z.number(),
  link_clicks: z.number(),
  last_activity_at: z.date().nullable(),
});
export type LeadEngagement = z.infer<typeof engagementRow>;

export const returning = 'returning id, inbound_count, reply_count, link_clicks, last_activity_at';

/** `lead.created` for a lead the statement made (not one a concurrent event made first: the conflict branch). */
const capturedEvents = leadEvents('w');

export const madeEvents = leadEvents('(select * from made where created)');

/**
 * Counts one inbound event on the contact's lead, creating it if asked: inside the caller's
 * transaction, so the event and its lead commit together and a redone event (whose message or
 * comment insert was a no-op, so this is never reached) cannot count twice. An existing lead gets
 * +1 (and +1 reply). A lead made now starts from the contact's whole history (contactHistory, the
 * same counting a Capture lead step uses), which already holds this event: its earlier DMs,
 * replies, comments and clicks count as they would have had the lead existed. The insert is an
 * upsert on the (workspace, contact) unique index: a concurrent event that made the lead first
 * leaves this one to add its +1 (its own event was not in the other's history: not committed yet).
 * Returns the new counters, or null when there is no lead to feed.
 */
export async function recordLeadActivity(client: pg.PoolClient, a: LeadActivity): Promise<LeadEngagement | null> {
  // One round trip: the update of an existing lead, else (when asked) the insert, whose history
  // subquery runs only then.
  const { rows } = await client.query({
    // Named: PostgreSQL plans its history subqueries once per connection, not per event (1.4 ms each).
    name: 'lead-activity',
    text: `with fed as (
       update leads set inbound_count = inbound_count + 1, reply_count = reply_count + $4,
         last_activity_at = greatest(last_activity_at, $5::timestamptz),
         conversation_id = coalesce(conversation_id, $3), updated_at = now()
       where workspace_id = $1 and contact_id = $2
       ${returning}
     ), made as (
       insert into leads (workspace_id, contact_id, conversation_id, name, social_handle, source, inbound_count, reply_count, link_clicks, last_activity_at)
       select $1, $2, $3, $6, $7, $8, h.inbound_count, h.reply_count, h.link_clicks, greatest(h.last_activity_at, $5::timestamptz)
       from (${contactHistory('$2::uuid', '$9::uuid', '$1::uuid')}) h
       where $10::boolean and not exists (select 1 from fed)
       on conflict (workspace_id, contact_id) do update set
         inbound_count = leads.inbound_count + 1,
         reply_count = leads.reply_count + $4,
         last_activity_at = greatest(leads.last_activity_at, $5::timestamptz),
         conversation_id = coalesce(leads.conversation_id, excluded.conversation_id),
         updated_at = now()
       ${returning}, leads.contact_id, leads.workspace_id as ws_id, (leads.xmax = 0) as created, leads.conversation_id, leads.name, leads.email, leads.social_handle, leads.source, leads.status, leads.value_cents
     ),
     ${madeEvents.ctes}
     select id, inbound_count, reply_count, link_clicks, last_activity_at from fed
     union all select id, inbound_count, reply_count, link_clicks, last_activity_at from made where ${madeEvents.woke} >= 0`,
    values: [a.workspaceId, a.contactId, a.conversationId, a.reply, a.at, a.name, a.handle, a.source, a.accountId, a.create],
  });
  return rows[0] ? engagementRow.parse(rows[0]) : null;
}

export async function setLeadScore(client: Pick<pg.PoolClient, 'query'>, leadId: string, score: number): Promise<void> {
  await client.query('update leads set score = $2 where id = $1', [leadId, score]);
}

/** Whether we have sent this conversation anything yet: a DM after that is a reply to us. */
export async function hasOutboundMessage(client: pg.PoolClient, conversationId: string): Promise<boolean> {
  const { rows } = await client.query(`select exists (select 1 from messages where conversation_id = $1 and direction = 'outbound') as yes`, [conversationId]);
  return z.object({ yes: z.boolean() }).parse(rows[0]).yes;
}

/** A lead's score inputs, as the score function (workflows/lead-score.ts, passed in: db/ cannot import it) reads them. */
export interface LeadScoreInputs {
  inboundMessages: number;
  replies: number;
  linkClicks: number;
  lastActivityAt: Date | null;
}

/** How a writer that changes a lead recomputes its score: the function and the clock, passed in. */
export interface LeadScoring {
  score: (e: LeadScoreInputs, now: Date) => number;
  now: Date;
}

const scoreOf = (r: LeadEngagement, scoring: LeadScoring) =>
  scoring.score({ inboundMessages: r.inbound_count, replies: r.reply_count, linkClicks: r.link_clicks, lastActivityAt: r.last_activity_at }, scoring.now);

/**
 * What a contact has done so far, counted from the stored events the inbound pipeline and the link
 * redirect count one by one on a lead (recordLeadActivity, recordLinkClick): every comment and
 * inbound DM, the DMs that came after one of ours in their conversation (replies), the clicks on
 * links made for the contact, and the latest of them. For a lead that starts following a contact
 * whose activity no lead counted yet: made by a Capture lead step (saveCapturedLead) or by the
 * inbound pipeline (recordLeadActivity). The arguments are SQL expressions (parameters) for the
 * contact's id, its account and its workspace.
 */
export const contactHistory = (contact: string, account: string, workspace: string) => `
  select ((select count(*) from messages m join conversations c on c.id = m.conversation_id
           where c.account_id = ${account} and c.contact_id = ${contact} and m.direction = 'inbound')
        + (select count(*) from comments where account_id = ${account} and contact_id = ${contact}))::int as inbound_count,
         (select count(*) from messages m join conversations c on c.id = m.conversation_id
          where c.account_id = ${account} and c.contact_id = ${contact} and m.direction = 'inbound'
            and exists (select 1 from messages o where o.conversation_id = m.conversation_id and o.direction = 'outbound' and o.created_at < m.created_at))::int as reply_count,
         (select count(*) from link_clicks k join tracked_links t on t.code = k.code where t.workspace_id = ${workspace} and t.contact_id = ${contact})::int as link_clicks,
         greatest((select max(m.created_at) from messages m join conversations c on c.id = m.conversation_id
                   where c.account_id = ${account} and c.contact_id = ${contact} and m.direction = 'inbound'),
                  (select max(commented_at) from comments where account_id = ${account} and contact_id = ${contact}),
                  (select max(k.clicked_at) from link_clicks k join tracked_links t on t.code = k.code where t.workspace_id = ${workspace} and t.contact_id = ${contact})) as last_activity_at`;

/** A Capture lead step's email (and name) for the run's contact, applied in the run turn's transaction. */
export interface CapturedLead {
  runId: string;
  seq: number;
  email: string;
  /** null: a new lead takes the contact's name, an existing one keeps its own. */
  name: string | null;
}

/** What a Capture lead step did: made the contact's lead, set its email, or found the email on another lead. */
export type CaptureOutcome = 'created' | 'updated' | 'existing_email';

const leadRef = z.object({ id: z.string(), contact_id: z.string().nullable() });
const runRef = z.object({
  workspace_id: z.string(),
  contact_id: z.string(),
  account_id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  platform: z.string(),
});

/**
 * Saves a captured email on the run's contact's lead, keeping the leads table's two rules (one lead
 * per contact, one per email, case-insensitively, in a workspace: docs/product-spec.md §3 Lead):
 * - the email is already a lead's (any case): that lead is the person, as when a lead is added by hand
 *   (createLead): its empty name is filled in, and a lead with no contact is linked to this one when
 *   the contact has none; the contact's own lead, if another, is left as it is → 'existing_email';
 * - else the contact's lead takes the email (and the name, if given) → 'updated';
 * - else a new lead for the contact, sourced from its account's platform → 'created'.
 * The score follows (workflows/lead-score.ts through `scoring`): a new lead, or one that becomes this
 * contact's, takes the contact's activity so far (contactHistory) into its counters, since no lead
 * counted it; the lead written is rescored at `scoring.now` either way.
 * The step's output (recorded earlier in the same turn) gets the outcome and the lead's id. A
 * concurrent writer taking the email or the contact first makes a statement fail, the turn roll back
 * and its job run again, which then takes the first branch.
 */
export async function saveCapturedLead(
  db: Pick<pg.PoolClient, 'query'>,
  c: CapturedLead,
  scoring: LeadScoring,
): Promise<{ outcome: CaptureOutcome; leadId: string }> {
  const run = runRef.parse(
    (
      await db.query(
        `select r.workspace_id, r.contact_id, ct.account_id, ct.name, ct.username, a.platform
         from flow_runs r join contacts ct on ct.id = r.contact_id join social_accounts a on a.id = r.account_id where r.id = $1`,
        [c.runId],
      )
    ).rows[0],
  );
  const byEmail = await db.query(`select id, contact_id from leads where workspace_id = $1 and lower(email) = lower($2) for update`, [
    run.workspace_id,
    c.email,
  ]);
  const own = await db.query(`select id, contact_id from leads where workspace_id = $1 and contact_id = $2 for update`, [run.workspace_id, run.contact_id]);
  const emailLead = byEmail.rows[0] ? leadRef.parse(byEmail.rows[0]) : null;
  const contactLead = own.rows[0] ? leadRef.parse(own.rows[0]) : null;

  const history = [run.contact_id, run.account_id, run.workspace_id];
  let written: unknown;
  let outcome: CaptureOutcome;
  if (emailLead && emailLead.id !== contactLead?.id) {
    // Linked to this contact (it had no lead): its activity so far is the lead's now.
    const links = emailLead.contact_id === null && contactLead === null;
    const { rows } = await db.query(
      `with h as (${contactHistory('$1', '$2', '$3')})
       update leads l set
         name = case when l.name = '' then coalesce($5, $6) else l.name end,
         contact_id = case when $7 then $1::uuid else l.contact_id end,
         inbound_count = l.inbound_count + case when $7 then h.inbound_count else 0 end,
         reply_count = l.reply_count + case when $7 then h.reply_count else 0 end,
         link_clicks = l.link_clicks + case when $7 then h.link_clicks else 0 end,
         last_activity_at = case when $7 then greatest(l.last_activity_at, h.last_activity_at) else l.last_activity_at end,
         updated_at = now()
       from h where l.id = $4
       returning l.id, l.inbound_count, l.reply_count, l.link_clicks, l.last_activity_at`,
      [...history, emailLead.id, c.name, run.name, links],
    );
    written = rows[0];
    outcome = 'existing_email';
  } else if (contactLead) {
    const { rows } = await db.query(`update leads set email = $2, name = coalesce($3, name), updated_at = now() where id = $1 ${returning}`, [
      contactLead.id,
      c.email,
      c.name,
    ]);
    written = rows[0];
    outcome = 'updated';
  } else {
    const { rows } = await db.query(
      `insert into leads (workspace_id, contact_id, conversation_id, name, email, social_handle, source, inbound_count, reply_count, link_clicks, last_activity_at)
       select $3, $1, (select id from conversations where account_id = $2 and contact_id = $1 order by last_message_time desc nulls last limit 1),
              $4, $5, $6, $7, h.inbound_count, h.reply_count, h.link_clicks, h.last_activity_at
       from (${contactHistory('$1', '$2', '$3')}) h
       ${returning}`,
      [...history, c.name ?? run.name, c.email, run.username ? `@${run.username}` : null, run.platform],
    );
    written = rows[0];
    outcome = 'created';
  }
  const lead = engagementRow.parse(written);
  await setLeadScore(db, lead.id, scoreOf(lead, scoring));
  // A Capture lead step is rare (one per step run): its event webhook is a statement of its own.
  await db.query(
    `with w as (select ${leadColumns}, workspace_id as ws_id, $2::boolean as created from leads where id = $1), ${capturedEvents.ctes}
     select ${capturedEvents.woke} as woke`,
    [lead.id, outcome === 'created'],
  );
  const result = { outcome, leadId: lead.id };
  await db.query(`update run_steps set output = coalesce(output, '{}'::jsonb) || $3::jsonb where run_id = $1 and seq = $2`, [
    c.runId,
    c.seq,
    JSON.stringify({ lead: result.outcome, leadId: result.leadId }),
  ]);
  return result;
}
