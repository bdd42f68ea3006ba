import pg from 'pg';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { EVENTS_CHANNEL } from '../../db/notify';
import { ingestEvents, type IncomingEvent } from '../../db/inbound/ingest-events';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { platformDepsFromConfig } from '../../activities/platform-deps';
import type { SendOutcome } from '../../contracts/send-outcome';
import { tuning } from '../../config/tuning';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { pumpOf } from '../../tests/support/send-pump-fixtures';
import { processInboundBatch } from './process-batch';
import { handOffCommitted } from '../jobs/inbound-process.job';
import { recordCommitSettings } from '../../tests/support/async-commit';

/**
 * The batch job's transaction (ADR 0020), driven directly (a web-only app: no worker takes the
 * events first): a mixed batch gets what the per-event path gives each event, a redelivered comment
 * nothing more, and a batch that fails is redone event by event.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' });
});
afterAll(() => t.stop());

const limits = sendLimitsFromConfig({ privateRepliesPerHour: 750 });

async function setup() {
  const w = await newWorkspaceUser(t.baseUrl);
  const rule = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['deal'], responseTemplate: 'Here is your deal, {first_name}' });
  expect(rule.status).toBe(201);
  const { pool } = t.app.database;
  const postId = w.igPosts[0]!.externalId;
  const comment = (id: string, from: string, text: string, createdAt = new Date().toISOString()): IncomingEvent => ({
    provider: 'sandbox',
    eventKey: `${w.user.workspaceId}:${id}`,
    workspaceId: w.user.workspaceId,
    payload: { type: 'comment', accountId: w.instagram.id, postId, commentId: id, from: { id: from, name: `Fan ${from}`, username: from }, text, createdAt },
  });
  const shardOf = async (key: string) =>
    (await pool.query<{ shard: number }>('select shard from inbound_events where event_key = $1', [`${w.user.workspaceId}:${key}`])).rows[0]!.shard;
  return { w, pool, comment, shardOf };
}

it('a mixed batch in one transaction: plain rule replies set-based, the rest per event, activity in event order, nothing twice', async () => {
  const { w, pool, comment, shardOf } = await setup();
  const ws = w.user.workspaceId;
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
  await ingestEvents(pool, [
    comment('c1', 'fan-a', 'a DEAL please'),
    comment('c2', 'fan-a', 'another deal?'),
    comment('c3', 'fan-b', 'nice photo'),
    {
      provider: 'sandbox',
      eventKey: `${ws}:d1`,
      workspaceId: ws,
      payload: {
        type: 'message',
        accountId: w.instagram.id,
        messageId: 'd1',
        from: { id: 'fan-c', name: 'Fan C', username: 'fan-c' },
        text: 'hi',
        createdAt: new Date().toISOString(),
      },
    },
    comment('c4', 'fan-d', 'old deal', tenDaysAgo),
    { provider: 'sandbox', eventKey: `${ws}:bad`, workspaceId: ws, payload: { type: 'comment', accountId: w.instagram.id, text: 42 } },
  ]);
  const shard = await shardOf('c1');
  // The malformed payload names the same account, so the same shard.
  expect(await shardOf('bad')).toBe(shard);

  const outcome = await processInboundBatch(pool, { shard, size: 100 }, { limits });
  expect(outcome).toEqual({ claimed: 6, processed: 5, malformed: 1, failed: 0 });
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toMatchObject({ claimed: 0 });

  const events = await pool.query('select event_key, processed_at is not null as done, error from inbound_events where workspace_id = $1 order by id', [ws]);
  expect(events.rows.every((r) => r.done)).toBe(true);
  expect(events.rows.find((r) => r.event_key === `${ws}:bad`)!.error).toMatch(/commentId|postId|text|from/);

  // Two private replies, one conversation for fan-a, paced in comment order; their jobs queued.
  const ledger = await pool.query(
    `select l.idempotency_key, l.scheduled_for, l.status, m.content, m.status as message_status, m.source, c.external_user_id, c.last_message
     from outbound_ledger l join messages m on m.id = l.message_id join conversations c on c.id = m.conversation_id
     where l.workspace_id = $1 order by l.scheduled_for`,
    [ws],
  );
  expect(ledger.rows.map((r) => r.idempotency_key)).toEqual([`private_reply:${w.instagram.id}:c1`, `private_reply:${w.instagram.id}:c2`]);
  expect(ledger.rows[0].scheduled_for.getTime()).toBeLessThanOrEqual(ledger.rows[1].scheduled_for.getTime());
  expect(ledger.rows.every((r) => r.status === 'queued' && r.message_status === 'queued' && r.source === 'comment_rule')).toBe(true);
  expect(
    ledger.rows.every((r) => r.external_user_id === 'fan-a' && r.content === 'Here is your deal, Fan' && r.last_message === 'Here is your deal, Fan'),
  ).toBe(true);
  // Their send jobs: one outbound.send {ledgerIds} job per second of slots listing its rows (ADR 0022), never
  // due before a row's slot; no job per reply.
  const jobs = await pool.query(
    `select l.id, count(j.id)::int as jobs, bool_and(j.run_at <= l.scheduled_for) as not_early,
            bool_and(date_trunc('second', j.run_at) = date_trunc('second', l.scheduled_for)) as same_second
     from outbound_ledger l
     join graphile_worker._private_jobs j on j.payload::jsonb->'ledgerIds' ? l.id::text
     join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = 'outbound.send'
     where l.workspace_id = $1 group by l.id`,
    [ws],
  );
  expect(jobs.rows).toHaveLength(2);
  expect(jobs.rows.every((r) => r.jobs === 1 && r.not_early && r.same_second)).toBe(true);
  const single = await pool.query(
    `select count(*)::int as n from graphile_worker.jobs j join outbound_ledger l on j.key = 'send:' || l.id::text where l.workspace_id = $1`,
    [ws],
  );
  expect(single.rows[0].n).toBe(0);
  const conversations = await pool.query('select external_user_id from conversations where workspace_id = $1 order by external_user_id', [ws]);
  expect(conversations.rows.map((r) => r.external_user_id)).toEqual(['fan-a', 'fan-c']);

  // The activity feed, in event order, as the per-event path writes it (one insert, same created_at:
  // the rows' heap order is their insert order; the ids are random).
  const activity = await pool.query("select action from automation_activity where workspace_id = $1 and action <> 'rule_created' order by created_at, ctid", [
    ws,
  ]);
  expect(activity.rows.map((r) => r.action)).toEqual([
    'comment_rule_matched',
    'comment_rule_matched',
    'comment_received',
    'dm_received',
    'comment_outside_reply_window',
  ]);
  // fan-a's rule-fired comments made one lead, scored.
  const leads = await pool.query('select l.score from leads l join contacts c on c.id = l.contact_id where l.workspace_id = $1 and c.external_user_id = $2', [
    ws,
    'fan-a',
  ]);
  expect(leads.rows).toHaveLength(1);
  expect(leads.rows[0].score).toBeGreaterThan(0);

  // The same comment delivered again under another key (a second provider): stored once, no second reply.
  await ingestEvents(pool, [{ ...comment('c1', 'fan-a', 'a DEAL please'), eventKey: `${ws}:c1-again` }]);
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toEqual({ claimed: 1, processed: 1, malformed: 0, failed: 0 });
  const counts = await pool.query(
    `select (select count(*)::int from outbound_ledger where workspace_id = $1) as ledger, (select count(*)::int from messages where workspace_id = $1 and direction = 'outbound') as messages`,
    [ws],
  );
  expect(counts.rows[0]).toEqual({ ledger: 2, messages: 2 });
});

it('with handOff, the due replies come back for the send pump once committed; their job is only a backstop, dropped once the pump took them; nothing is sent twice', async () => {
  const { w, pool, comment, shardOf } = await setup();
  const ws = w.user.workspaceId;
  await ingestEvents(pool, [comment('h1', 'fan-h1', 'deal'), comment('h2', 'fan-h2', 'deal!'), comment('h3', 'fan-h3', 'no rule here')]);
  const shard = await shardOf('h1');
  // What the batch announces: its /ws notices and job wakes, all sent after its commit (ADR 0029).
  const listener = new pg.Client({ connectionString: t.db.url });
  await listener.connect();
  const heard: { channel: string; payload: string }[] = [];
  listener.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  await listener.query(`listen "jobs:insert"; listen ${EVENTS_CHANNEL}`);
  onTestFinished(() => listener.end());
  const before = Date.now();
  const outcome = await processInboundBatch(pool, { shard, size: 100, handOff: true }, { limits });
  const ledger = await pool.query<{ id: string; target: string }>('select id, target from outbound_ledger where workspace_id = $1 order by target', [ws]);
  expect(ledger.rows.map((r) => r.target)).toEqual(['h1', 'h2']);
  // Both inside the account's burst: due now, both handed back with their backstop job.
  expect(outcome).toMatchObject({ claimed: 3, processed: 3, failed: 0 });
  const handOff = outcome.handOff!;
  expect([...handOff.ledgerIds].sort()).toEqual(ledger.rows.map((r) => r.id).sort());
  const jobOf = (ids: string[]) =>
    pool.query<{ id: string; run_at: Date; ids: string[] }>(
      `select j.id::text, j.run_at, array(select jsonb_array_elements_text(j.payload::jsonb->'ledgerIds')) as ids
       from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id and t.identifier = 'outbound.send'
       where j.payload::jsonb->'ledgerIds' ?| $1::text[]`,
      [ids],
    );
  const job = await jobOf(handOff.ledgerIds);
  expect(job.rows).toHaveLength(1);
  // Added without add_jobs (no NOTIFY: a backstop is due later), with the catalogue's attempts and priority.
  expect(
    (await pool.query('select max_attempts, priority, key, job_queue_id from graphile_worker._private_jobs where id = $1', [job.rows[0]!.id])).rows,
  ).toEqual([{ max_attempts: 20, priority: -1, key: null, job_queue_id: null }]);
  await listener.query('select 1');
  const created = heard.filter((h) => h.channel === EVENTS_CHANNEL).map((h) => JSON.parse(h.payload) as { workspaceId: string; event: { type: string } });
  expect(created.map((c) => [c.workspaceId, c.event.type])).toEqual([
    [ws, 'message.created'],
    [ws, 'message.created'],
  ]);
  expect(heard.filter((h) => h.channel === 'jobs:insert')).toEqual([]);
  expect(handOff.backstopJobIds).toEqual([job.rows[0]!.id]);
  expect([...job.rows[0]!.ids].sort()).toEqual([...handOff.ledgerIds].sort());
  // The backstop runs tuning.sends.handOffBackstopMs after the commit.
  expect(job.rows[0]!.run_at.getTime()).toBeGreaterThanOrEqual(before + tuning.sends.handOffBackstopMs - 1_000);

  // A hand-off that fails leaves the backstop job; the pump later finds the rows as they were.
  const errors: string[] = [];
  await handOffCommitted(pool, { handOffBatch: () => Promise.reject(new Error('pool closed')) }, handOff, (m) => errors.push(m));
  expect(errors).toEqual([expect.stringMatching(/backstop job sends them: Error: pool closed/)]);
  expect((await jobOf(handOff.ledgerIds)).rows).toHaveLength(1);

  // The pump sends them now (sandbox: delivered in one transaction each) and their backstop job goes.
  const outcomes = new Map<string, SendOutcome>();
  const pump = pumpOf(pool, { ...platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64))), sendOwner: 'test-pump' }, 16, outcomes);
  await handOffCommitted(pool, pump, handOff, (m) => errors.push(m));
  await pump.drain();
  const sent = await pool.query<{ status: string }>('select status from outbound_ledger where workspace_id = $1', [ws]);
  expect(sent.rows.map((r) => r.status)).toEqual(['sent', 'sent']);
  expect((await jobOf(handOff.ledgerIds)).rows).toHaveLength(0);
  // Had a worker run the backstop meanwhile, its hand-off finds them sent and does nothing.
  outcomes.clear();
  expect(await pump.handOffBatch(handOff.ledgerIds)).toEqual({ later: [] });
  await pump.drain();
  expect(outcomes.size).toBe(0);
  const messages = await pool.query<{ n: number }>(
    `select count(*)::int as n from messages where workspace_id = $1 and direction = 'outbound' and status = 'sent'`,
    [ws],
  );
  expect(messages.rows[0]!.n).toBe(2);

  // Without handOff (the redo event by event, or no pump), the job is due at the slot as before, and
  // one worker is woken for it once the batch committed.
  await ingestEvents(pool, [comment('h4', 'fan-h4', 'deal')]);
  heard.length = 0;
  expect((await processInboundBatch(pool, { shard, size: 100 }, { limits })).handOff).toBeUndefined();
  await expect.poll(() => heard.filter((h) => h.channel === 'jobs:insert').map((h) => h.payload)).toEqual(['{"count":1}']);
  const plain = await pool.query<{ late: boolean }>(
    `select j.run_at > now() + interval '1 second' as late from graphile_worker._private_jobs j join outbound_ledger l on j.payload::jsonb->'ledgerIds' ? l.id::text
     where l.workspace_id = $1 and l.target = 'h4'`,
    [ws],
  );
  expect(plain.rows).toEqual([{ late: false }]);
});

it('the batch commits without waiting for its WAL flush (ADR 0030); the claim that precedes a send still waits for its', async () => {
  const { pool, comment, shardOf } = await setup();
  await ingestEvents(pool, [comment('a1', 'fan-a1', 'deal'), comment('a2', 'fan-a2', 'a DEAL')]);
  const recorded = recordCommitSettings(pool);
  expect(await processInboundBatch(recorded.pool, { shard: await shardOf('a1'), size: 100, handOff: true }, { limits })).toMatchObject({ processed: 2 });
  expect(recorded.commits).toEqual(['off']);
  // The pump's claim, the durable commit every send is made after (it flushes the batch's too).
  const claims = recordCommitSettings(pool);
  const outcomes = new Map<string, SendOutcome>();
  const pump = pumpOf(claims.pool, { ...platformDepsFromConfig(t.app.config, createTokenCipher('0'.repeat(64))), sendOwner: 'test-pump' }, 8, outcomes);
  const ledgerIds = (await pool.query<{ id: string }>("select id from outbound_ledger where target in ('a1', 'a2')")).rows.map((r) => r.id);
  await pump.handOffBatch(ledgerIds);
  await pump.drain();
  expect(claims.commits.length).toBeGreaterThan(0);
  expect(new Set(claims.commits)).toEqual(new Set(['on']));
});

it('a DM in one statement: contact, conversation moved in the inbox (unread, reopened), message; a redelivered message changes nothing', async () => {
  const { w, pool, shardOf } = await setup();
  const ws = w.user.workspaceId;
  const dm = (key: string, messageId: string, text: string, createdAt: string): IncomingEvent => ({
    provider: 'sandbox',
    eventKey: `${ws}:${key}`,
    workspaceId: ws,
    payload: { type: 'message', accountId: w.instagram.id, messageId, from: { id: 'fan-dm', name: '', username: 'fan_dm' }, text, createdAt },
  });
  const conversation = async () =>
    (
      await pool.query<{ customer_name: string; last_message: string; last_message_time: Date; unread_count: number; status: string; messages: number }>(
        `select c.customer_name, c.last_message, c.last_message_time, c.unread_count, c.status,
                (select count(*)::int from messages m where m.conversation_id = c.id) as messages
         from conversations c where c.workspace_id = $1 and c.external_user_id = 'fan-dm'`,
        [ws],
      )
    ).rows;
  const t1 = new Date(Date.now() - 60_000).toISOString();
  await ingestEvents(pool, [dm('m1', 'mid-1', 'hello there', t1)]);
  const shard = await shardOf('m1');
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toMatchObject({ processed: 1, failed: 0 });
  // A new conversation: named by the handle (no name), its first message, one unread.
  expect(await conversation()).toEqual([
    { customer_name: 'fan_dm', last_message: 'hello there', last_message_time: new Date(t1), unread_count: 1, status: 'open', messages: 1 },
  ]);
  const contact = await pool.query('select last_inbound_at from contacts where workspace_id = $1 and external_user_id = $2', [ws, 'fan-dm']);
  expect(contact.rows[0].last_inbound_at).toEqual(new Date(t1));

  // Closed by a person; the next DM reopens it, one more unread; an older DM arriving late does not move last_message_time back.
  await pool.query(`update conversations set status = 'closed', unread_count = 0 where workspace_id = $1`, [ws]);
  const t0 = new Date(Date.now() - 120_000).toISOString();
  await ingestEvents(pool, [dm('m2', 'mid-2', 'are you there?', new Date().toISOString()), dm('m0', 'mid-0', 'an older one', t0)]);
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toMatchObject({ processed: 2, failed: 0 });
  const [afterTwo] = await conversation();
  expect(afterTwo).toMatchObject({ last_message: 'an older one', unread_count: 2, status: 'open', messages: 3 });
  expect(afterTwo!.last_message_time.getTime()).toBeGreaterThan(new Date(t1).getTime());

  // The same message under another event key (a second provider): no second row, the inbox untouched.
  await pool.query(`update conversations set status = 'closed' where workspace_id = $1`, [ws]);
  await ingestEvents(pool, [dm('m2-again', 'mid-2', 'are you there?', new Date().toISOString())]);
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toMatchObject({ processed: 1, failed: 0 });
  expect(await conversation()).toEqual([{ ...afterTwo, status: 'closed' }]);
});

it('a batch whose transaction fails is redone event by event: the others go through, the failing one is recorded, retried, then left', async () => {
  const { w, pool, comment, shardOf } = await setup();
  const ws = w.user.workspaceId;
  // A fault only this test's comment text hits (a constraint check fails its insert).
  await pool.query(`alter table comments add constraint inbound_batch_fault check (text <> 'deal boom') not valid`);
  try {
    await ingestEvents(pool, [comment('ok-1', 'fan-e', 'deal'), comment('boom', 'fan-f', 'deal boom'), comment('ok-2', 'fan-g', 'deal')]);
    const shard = await shardOf('boom');
    expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toEqual({ claimed: 3, processed: 2, malformed: 0, failed: 1 });
    const boom = await pool.query('select processed_at, attempts, error from inbound_events where event_key = $1', [`${ws}:boom`]);
    expect(boom.rows[0]).toMatchObject({ processed_at: null, attempts: 1 });
    expect(boom.rows[0].error).toMatch(/inbound_batch_fault/);
    const sent = await pool.query('select target from outbound_ledger where workspace_id = $1 order by target', [ws]);
    expect(sent.rows.map((r) => r.target)).toEqual(['ok-1', 'ok-2']);

    // Retried by the next job; after tuning.inbound.maxEventAttempts it is left with its error, no longer claimed.
    expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toEqual({ claimed: 1, processed: 0, malformed: 0, failed: 1 });
    await pool.query('update inbound_events set attempts = $2 where event_key = $1', [`${ws}:boom`, tuning.inbound.maxEventAttempts]);
    expect(await processInboundBatch(pool, { shard, size: 100 }, { limits })).toMatchObject({ claimed: 0 });
  } finally {
    await pool.query('alter table comments drop constraint inbound_batch_fault');
  }
});

it('with link tracking on, a reply with no link to track goes set-based (an outbound.send {ledgerIds} job); one with a link is queued alone (its tracked link, its own keyed job)', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const { pool } = t.app.database;
  // Two rules, both tracking links (the default): one reply has an http(s) link, one has none.
  expect((await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['plain'], responseTemplate: 'See example.com' })).status).toBe(201);
  expect(
    (await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['shop'], responseTemplate: 'Shop: https://shop.example/x' })).status,
  ).toBe(201);
  const postId = w.igPosts[0]!.externalId;
  const comment = (id: string, from: string, text: string): IncomingEvent => ({
    provider: 'sandbox',
    eventKey: `${w.user.workspaceId}:${id}`,
    workspaceId: w.user.workspaceId,
    payload: {
      type: 'comment',
      accountId: w.instagram.id,
      postId,
      commentId: id,
      from: { id: from, name: from, username: from },
      text,
      createdAt: new Date().toISOString(),
    },
  });
  await ingestEvents(pool, [comment('l1', 'fan-l1', 'plain please'), comment('l2', 'fan-l2', 'shop please')]);
  const shard = (await pool.query<{ shard: number }>('select shard from inbound_events where event_key = $1', [`${w.user.workspaceId}:l1`])).rows[0]!.shard;
  const links = () => 'https://rp.example';
  expect(await processInboundBatch(pool, { shard, size: 100 }, { limits, links })).toMatchObject({ processed: 2, failed: 0 });

  const rows = await pool.query<{ target: string; text: string; id: string }>(
    'select target, text, id from outbound_ledger where workspace_id = $1 order by target',
    [w.user.workspaceId],
  );
  expect(rows.rows.map((r) => r.target)).toEqual(['l1', 'l2']);
  const plain = rows.rows[0]!;
  const shop = rows.rows[1]!;
  expect(plain.text).toBe('See example.com');
  expect(shop.text).toMatch(/^Shop: https:\/\/rp\.example\/l\/\S+$/);
  const jobsOf = async (id: string) =>
    (
      await pool.query<{ task: string; keyed: boolean }>(
        `select t.identifier as task, j.key is not null as keyed from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
         where j.key = 'send:' || $1 or j.payload::jsonb->'ledgerIds' ? $1`,
        [id],
      )
    ).rows;
  expect(await jobsOf(plain.id)).toEqual([{ task: 'outbound.send', keyed: false }]);
  expect(await jobsOf(shop.id)).toEqual([{ task: 'outbound.send', keyed: true }]);
  const tracked = await pool.query('select target_url from tracked_links where workspace_id = $1', [w.user.workspaceId]);
  expect(tracked.rows).toEqual([{ target_url: 'https://shop.example/x' }]);
});
