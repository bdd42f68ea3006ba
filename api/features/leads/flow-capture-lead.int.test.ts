import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

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
});
