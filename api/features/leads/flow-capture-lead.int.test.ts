import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';
import { leadScore } from '../../../workflows/lead-score';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
type Contact = typeof maya;
const bob: Contact = { externalUserId: 'sim-bob', name: 'Bob Stone', username: 'bob.stone' };
const cara: Contact = { externalUserId: 'sim-cara', name: 'Cara Diaz', username: 'cara.d' };

const dm = async (w: W, text: string, contact: Contact) =>
  expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact, text })).status).toBe(202);
const outboxTexts = async (w: W) => ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text);

/** Runs of the flow for one contact, oldest first. */
const runsFor = async (w: W, flowId: string, name: string) => (await runsOf(w.client, flowId)).filter((r) => r.contact.name === name).reverse();

/** Starts the flow for `contact`, waits for the question, answers it and waits for the run to complete; the Capture lead step's output. */
async function askAndAnswer(w: W, flowId: string, contact: Contact, answer: string): Promise<Record<string, unknown>> {
  const before = (await runsFor(w, flowId, contact.name)).length;
  await dm(w, 'newsletter', contact);
  await expect.poll(async () => (await runsFor(w, flowId, contact.name))[before]?.status, { timeout: 15_000 }).toBe('waiting');
  await dm(w, answer, contact);
  await expect.poll(async () => (await runsFor(w, flowId, contact.name))[before]?.status, { timeout: 15_000 }).toBe('completed');
  const run = await runDetail(w.client, (await runsFor(w, flowId, contact.name))[before]!.id);
  return run.steps.find((s) => s.kind === 'captureLead')!.output as Record<string, unknown>;
}

const leadsOf = async (w: W) =>
  (
    await t.app.database.pool.query(
      `select l.id, l.name, l.email, l.source, l.social_handle, ct.name as contact from leads l left join contacts ct on ct.id = l.contact_id
       where l.workspace_id = $1 order by l.created_at`,
      [w.user.workspaceId],
    )
  ).rows;

describe('Capture lead node', () => {
  it('saves the email of the reply on the contact’s one lead: created, then updated, never duplicated by contact or email', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['newsletter']),
        node('2', 'instagramDM', { text: "What's your email?" }),
        node('3', 'waitForReply', { timeout: { amount: 1, unit: 'hours' } }),
        node('4', 'captureLead', { from: 'lastMessage' }),
        node('5', 'instagramDM', { text: 'Thanks!' }),
        node('6', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4', 'reply'), edge('3', '6', 'timeout'), edge('4', '5'), edge('5', '6')],
    });

    // First run: Maya's reply makes her lead, with the email out of the sentence.
    const first = await askAndAnswer(w, flowId, maya, "sure, it's ana@example.com");
    expect(first).toEqual({ email: 'ana@example.com', name: null, lead: 'created', leadId: expect.any(String) });
    expect(await leadsOf(w)).toEqual([
      { id: first.leadId, name: 'Maya Chen', email: 'ana@example.com', source: 'instagram', social_handle: '@maya.creates', contact: 'Maya Chen' },
    ]);
    await expect.poll(async () => (await outboxTexts(w)).filter((x) => x === 'Thanks!').length, { timeout: 10_000 }).toBe(1);

    // Second run for the same contact: the same lead gets the new email.
    const second = await askAndAnswer(w, flowId, maya, 'Use Ana.New@example.com instead');
    expect(second).toMatchObject({ email: 'Ana.New@example.com', lead: 'updated', leadId: first.leadId });
    expect(await leadsOf(w)).toEqual([expect.objectContaining({ id: first.leadId, email: 'Ana.New@example.com', contact: 'Maya Chen' })]);

    // Another contact giving that email (any case) is the same person's lead: no second lead, Maya's unchanged.
    const third = await askAndAnswer(w, flowId, bob, 'ana.new@EXAMPLE.com');
    expect(third).toMatchObject({ email: 'ana.new@EXAMPLE.com', lead: 'existing_email', leadId: first.leadId });
    expect(await leadsOf(w)).toEqual([expect.objectContaining({ id: first.leadId, email: 'Ana.New@example.com', contact: 'Maya Chen' })]);

    // No email in the reply: nothing saved, the step says so, the flow goes on to its thank-you.
    const fourth = await askAndAnswer(w, flowId, cara, 'no thanks');
    expect(fourth).toEqual({ email: null, note: 'No email found' });
    expect(await leadsOf(w)).toHaveLength(1);
    await expect.poll(async () => (await outboxTexts(w)).filter((x) => x === 'Thanks!').length, { timeout: 10_000 }).toBe(4);

    // The leads API shows the one lead to its workspace, and nothing to another.
    const listed = (await w.client.get('/api/leads')).data;
    expect(listed.leads).toEqual([expect.objectContaining({ id: first.leadId, email: 'Ana.New@example.com', source: 'instagram' })]);
    const other = await newWorkspaceUser(t.baseUrl, 'Other');
    expect((await other.client.get('/api/leads')).data.leads).toEqual([]);
  });

  it('fills the email into a lead the contact already has (made by buying intent), with the name template', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['newsletter']),
        node('2', 'waitForReply', { timeout: { amount: 1, unit: 'hours' } }),
        node('3', 'captureLead', { from: 'template', value: 'mail: {field.mail}', name: '{first_name} (newsletter)' }),
        node('4', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'reply'), edge('2', '4', 'timeout'), edge('3', '4')],
    });
    // Buying intent makes Maya a lead with no email (workers/inbound/capture-lead.ts).
    await dm(w, 'I want to buy one', maya);
    await expect.poll(async () => (await leadsOf(w)).length, { timeout: 10_000 }).toBe(1);
    const [auto] = await leadsOf(w);
    expect(auto).toMatchObject({ email: null, contact: 'Maya Chen' });

    await t.app.database.pool.query(`update contacts set custom_fields = '{"mail":"maya@shop.example"}' where workspace_id = $1`, [w.user.workspaceId]);
    const out = await askAndAnswer(w, flowId, maya, 'ok');
    expect(out).toMatchObject({ email: 'maya@shop.example', name: 'Maya (newsletter)', lead: 'updated', leadId: auto.id });
    expect(await leadsOf(w)).toEqual([expect.objectContaining({ id: auto.id, email: 'maya@shop.example', name: 'Maya (newsletter)' })]);
  });

  it('keeps the score true: a captured lead takes the contact’s activity so far, and every later write rescores it', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { pool } = t.app.database;
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['newsletter']),
        node('2', 'instagramDM', { text: "What's your email?" }),
        node('3', 'waitForReply', { timeout: { amount: 1, unit: 'hours' } }),
        node('4', 'captureLead', { from: 'lastMessage' }),
        node('5', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4', 'reply'), edge('3', '5', 'timeout'), edge('4', '5')],
    });
    const lead = async (id: unknown) =>
      (
        await pool.query<{ inbound_count: number; reply_count: number; link_clicks: number; last_activity_at: Date | null; score: number }>(
          'select inbound_count, reply_count, link_clicks, last_activity_at, score from leads where id = $1',
          [id],
        )
      ).rows[0]!;
    /** The score workflows/lead-score.ts gives the lead's stored counters now (recency is within the hour here). */
    const expectedScore = (l: Awaited<ReturnType<typeof lead>>) =>
      leadScore({ inboundMessages: l.inbound_count, replies: l.reply_count, linkClicks: l.link_clicks, lastActivityAt: l.last_activity_at }, new Date());

    // Maya is no lead until the flow captures her email ("newsletter" and an email have no buying
    // intent): the new lead counts her two DMs, the second a reply to our question, both just now.
    const created = await askAndAnswer(w, flowId, maya, 'ana@example.com');
    expect(created).toMatchObject({ lead: 'created' });
    const maya1 = await lead(created.leadId);
    expect(maya1).toMatchObject({ inbound_count: 2, reply_count: 1, link_clicks: 0, score: 8 * 2 + 10 + 10 });
    expect(maya1.last_activity_at).not.toBeNull();

    // Later activity goes through the inbound pipeline onto the same counters and score.
    await dm(w, 'thanks!', maya);
    await expect.poll(async () => (await lead(created.leadId)).inbound_count, { timeout: 10_000 }).toBe(3);
    const maya2 = await lead(created.leadId);
    expect(maya2).toMatchObject({ reply_count: 2, score: 8 * 3 + 10 * 2 + 10 });

    // A second capture on her lead ('updated'): the two new DMs were counted as they came, the score is still the counters'.
    const updated = await askAndAnswer(w, flowId, maya, 'ana.new@example.com');
    expect(updated).toMatchObject({ lead: 'updated', leadId: created.leadId });
    const maya3 = await lead(created.leadId);
    expect(maya3).toMatchObject({ inbound_count: 5, reply_count: 4 });
    expect(maya3.score).toBe(expectedScore(maya3));
    expect(maya3.score).toBe(40 + 30 + 10);

    // Bob's email is a lead added by hand (no contact, score 0). Bob clicks a link made for him, then
    // gives that email: the lead becomes his, with his DMs and his click, and is scored on them.
    const manual = await w.client.post('/api/leads', { name: 'Bob S.', email: 'bob@example.com' });
    expect(manual.data).toMatchObject({ score: 0 });
    await dm(w, 'newsletter', bob);
    await expect.poll(async () => (await runsFor(w, flowId, bob.name))[0]?.status, { timeout: 15_000 }).toBe('waiting');
    const bobContact = (
      await pool.query<{ id: string }>(`select id from contacts where workspace_id = $1 and external_user_id = $2`, [w.user.workspaceId, bob.externalUserId])
    ).rows[0]!.id;
    await pool.query(`insert into tracked_links (code, workspace_id, target_url, contact_id) values ('bobClick0001', $1, 'https://shop.example.com', $2)`, [
      w.user.workspaceId,
      bobContact,
    ]);
    expect((await fetch(`${t.baseUrl}/l/bobClick0001`, { redirect: 'manual' })).status).toBe(302);
    await dm(w, 'bob@example.com', bob);
    await expect.poll(async () => (await runsFor(w, flowId, bob.name))[0]?.status, { timeout: 15_000 }).toBe('completed');
    const bobLead = await lead(manual.data.id);
    expect(bobLead).toMatchObject({ inbound_count: 2, reply_count: 1, link_clicks: 1, score: 16 + 10 + 10 + 10 });
    const listed = (await w.client.get('/api/leads?search=bob')).data.leads;
    expect(listed).toEqual([expect.objectContaining({ id: manual.data.id, contactId: bobContact, score: 46 })]);
  });
});
