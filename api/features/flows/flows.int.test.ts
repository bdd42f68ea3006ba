import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TIMER_PUMP_INTERVAL_MS: '50', WEBHOOK_ALLOW_LOOPBACK: 'true', FLOW_RETRY_BASE_MS: '50', FLOW_MAX_ATTEMPTS: '3' } });
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const dm = (w: W, text: string, contact = maya) => w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact, text });
const outboxTexts = async (w: W) =>
  ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text).reverse();
const bob = { externalUserId: 'sim-bob', name: 'Bob Stone', username: 'bob.stone' };

describe('flows API', () => {
  it('creates, lists, reads, updates and deletes a draft; other workspaces get 404', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const draft = { name: 'Draft', description: 'd', platform: 'instagram', flowData: { nodes: [keywordTrigger([])], edges: [] }, isActive: false };
    const created = await w.client.post('/api/flows', draft);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Draft', platform: 'instagram', isActive: false, publishedVersion: null, hasUnpublishedChanges: true });
    const id = created.data.id;
    expect((await w.client.get('/api/flows')).data.map((f: { id: string }) => f.id)).toEqual([id]);
    expect((await w.client.put(`/api/flows/${id}`, { ...draft, name: '' })).data.name).toBe('Untitled Flow');

    const other = await newWorkspaceUser(t.baseUrl);
    expect((await other.client.get(`/api/flows/${id}`)).status).toBe(404);
    expect((await other.client.put(`/api/flows/${id}`, draft)).status).toBe(404);
    expect((await other.client.delete(`/api/flows/${id}`)).status).toBe(404);
    expect((await other.client.get('/api/flows')).data).toEqual([]);
    expect((await w.client.get('/api/flows/not-a-uuid')).status).toBe(404);

    expect((await w.client.delete(`/api/flows/${id}`)).status).toBe(204);
    expect((await w.client.get(`/api/flows/${id}`)).status).toBe(404);
  });

  it('answers 400 with details for a malformed body and 401 without a session', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const bad = await w.client.post('/api/flows', { name: 'x', flowData: { nodes: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.data.details[0].path).toContain('flowData');
    const anonymous = await fetch(`${t.baseUrl}/api/flows`);
    expect(anonymous.status).toBe(401);
  });

  it('validates and refuses to publish an invalid graph, naming the nodes; nothing is saved', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const graph = {
      nodes: [
        keywordTrigger(['hi']),
        node('2', 'condition', { rules: [{ subject: 'tag', operator: 'has', value: 'vip' }] }),
        node('3', 'instagramDM', { text: '' }),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'yes')],
    };
    const v = await w.client.post('/api/flows/validate', { flowData: graph });
    expect(v.data.valid).toBe(false);
    expect(v.data.errors.map((e: { nodeId: string; code: string }) => `${e.nodeId}:${e.code}`).sort()).toEqual(['2:missing_branch', '3:invalid_config']);
    const refused = await w.client.post('/api/flows', { name: 'Broken', flowData: graph, isActive: true });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toMatch(/Fix the highlighted steps/);
    expect(refused.data.details.errors).toHaveLength(2);
    expect((await w.client.get('/api/flows')).data).toEqual([]);
  });

  it('publishing creates immutable versions only when the plan changes', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const graph = { nodes: [keywordTrigger(['hi']), node('2', 'instagramDM', { text: 'one' })], edges: [edge('1', '2')] };
    const id = await publishFlow(w.client, graph);
    expect((await w.client.get(`/api/flows/${id}`)).data).toMatchObject({ isActive: true, publishedVersion: 1, hasUnpublishedChanges: false });
    const moved = { ...graph, nodes: graph.nodes.map((n) => ({ ...n, position: { x: n.position.x + 30, y: n.position.y } })) };
    expect((await w.client.put(`/api/flows/${id}`, { name: 'Test flow', flowData: moved, isActive: true })).data.publishedVersion).toBe(1);
    const edited = { ...graph, nodes: [graph.nodes[0]!, node('2', 'instagramDM', { text: 'two' })] };
    expect((await w.client.put(`/api/flows/${id}`, { name: 'Test flow', flowData: edited, isActive: true })).data.publishedVersion).toBe(2);
    const stopped = await w.client.put(`/api/flows/${id}`, { name: 'Test flow', flowData: edited, isActive: false });
    expect(stopped.data).toMatchObject({ isActive: false, publishedVersion: 2 });
  });
});

describe('flow runtime through the sandbox', () => {
  it('keyword DM → DM → delay 1 s → condition → DM → complete: both DMs arrive and the run completes with every step recorded', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['hello']),
        node('2', 'instagramDM', { text: 'Hi {first_name}! One moment…' }),
        node('3', 'delay', { amount: 1, unit: 'seconds' }),
        node('4', 'condition', { rules: [{ subject: 'lastMessage', operator: 'contains', value: 'hello' }] }),
        node('5', 'instagramDM', { text: 'Here is your guide: example.com/guide' }),
        node('6', 'instagramDM', { text: 'never sent' }),
        node('7', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4'), edge('4', '5', 'yes'), edge('4', '6', 'no'), edge('5', '7')],
    });
    expect((await dm(w, 'Hello there!')).status).toBe(202);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    expect(await outboxTexts(w)).toEqual(['Hi Maya! One moment…', 'Here is your guide: example.com/guide']);
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    expect(run.steps.map((s) => `${s.seq}:${s.nodeId}:${s.status}`)).toEqual([
      '1:1:completed',
      '2:2:completed',
      '3:3:completed',
      '4:4:completed',
      '5:5:completed',
      '6:7:completed',
    ]);
    expect(run.steps[3]!.output).toMatchObject({ result: 'yes' });
    // The flow's DMs are in the inbox thread, sent.
    const conv = (await w.client.get('/api/conversations')).data.conversations[0];
    const msgs = (await w.client.get(`/api/conversations/${conv.id}/messages`)).data.messages as { content: string; direction: string; status: string }[];
    expect(msgs.filter((m) => m.direction === 'outbound').map((m) => m.status)).toEqual(['sent', 'sent']);
    // A second keyword message while no run is live starts a fresh run; a non-matching one starts nothing.
    await dm(w, 'just chatting');
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf(w.client, flowId)).toHaveLength(1);
  });

  it('a run pinned to version 1 finishes on version 1 after the flow is edited and re-published', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const v1 = {
      nodes: [keywordTrigger(['pin']), node('2', 'delay', { amount: 2, unit: 'seconds' }), node('3', 'instagramDM', { text: 'from version 1' })],
      edges: [edge('1', '2'), edge('2', '3')],
    };
    const flowId = await publishFlow(w.client, v1);
    await dm(w, 'pin');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('sleeping');
    const v2 = { ...v1, nodes: [v1.nodes[0]!, v1.nodes[1]!, node('3', 'instagramDM', { text: 'from version 2' })] };
    expect((await w.client.put(`/api/flows/${flowId}`, { name: 'Test flow', flowData: v2, isActive: true })).data.publishedVersion).toBe(2);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
    expect(await outboxTexts(w)).toEqual(['from version 1']);
    expect((await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id)).version).toBe(1);
  });

  it('wait for reply: the reply resumes exactly the waiting run and saves the answer; the timeout branch fires without one', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['quiz']),
        node('2', 'instagramDM', { text: 'Your email?' }),
        node('3', 'waitForReply', { timeout: { amount: 2, unit: 'seconds' }, saveAs: 'email' }),
        node('4', 'instagramDM', { text: 'Thanks {field.email}!' }),
        node('5', 'instagramDM', { text: 'No worries, ask again anytime.' }),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4', 'reply'), edge('3', '5', 'timeout')],
    });
    await dm(w, 'quiz', maya);
    await dm(w, 'quiz', bob);
    await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status), { timeout: 10_000 }).toEqual(['waiting', 'waiting']);
    await dm(w, 'maya@example.com', maya);
    await expect
      .poll(async () => Object.fromEntries((await runsOf(w.client, flowId)).map((r) => [r.contact.name, r.status])), { timeout: 10_000 })
      .toEqual({ 'Maya Chen': 'completed', 'Bob Stone': 'completed' });
    const texts = await outboxTexts(w);
    expect(texts.filter((x) => x.startsWith('Thanks'))).toEqual(['Thanks maya@example.com!']);
    expect(texts.filter((x) => x.startsWith('No worries'))).toHaveLength(1);
    const { rows } = await t.app.database.pool.query(`select name, custom_fields from contacts where workspace_id = $1 order by name`, [w.user.workspaceId]);
    expect(rows.map((r) => [r.name, r.custom_fields.email ?? null])).toEqual([
      ['Bob Stone', null],
      ['Maya Chen', 'maya@example.com'],
    ]);
  });

  it('tags, fields and a randomizer update the contact exactly once per step', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, {
      nodes: [
        keywordTrigger(['tagme']),
        node('2', 'addTag', { tag: 'lead' }),
        node('3', 'setField', { field: 'source', value: 'dm from {username}' }),
        node('4', 'randomizer', {
          branches: [
            { key: 'A', weight: 50 },
            { key: 'B', weight: 50 },
          ],
        }),
        node('5', 'addTag', { tag: 'variant-a' }),
        node('6', 'addTag', { tag: 'variant-b' }),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4'), edge('4', '5', 'A'), edge('4', '6', 'B')],
    });
    await dm(w, 'tagme');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
    const { rows } = await t.app.database.pool.query(`select tags, custom_fields from contacts where workspace_id = $1`, [w.user.workspaceId]);
    expect(rows[0].custom_fields).toMatchObject({ source: 'dm from @maya.creates' });
    expect(rows[0].tags).toContain('lead');
    expect(rows[0].tags.filter((x: string) => x.startsWith('variant-'))).toHaveLength(1);
  });
});

describe('operators: runs list, retry, replay, cancel, test run', () => {
  it('cancel stops a sleeping run; replay starts the latest version from the start; keyset pages and filters', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const graph = {
      nodes: [keywordTrigger(['later']), node('2', 'delay', { amount: 1, unit: 'hours' }), node('3', 'instagramDM', { text: 'v1' })],
      edges: [edge('1', '2'), edge('2', '3')],
    };
    const flowId = await publishFlow(w.client, graph);
    await dm(w, 'later');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('sleeping');
    const runId = (await runsOf(w.client, flowId))[0]!.id;
    const sleeping = await w.client.get(`/api/runs/${runId}`);
    expect(sleeping.data.resumeAt).not.toBeNull();
    const cancelled = await w.client.post(`/api/runs/${runId}/cancel`);
    expect(cancelled.data.status).toBe('cancelled');
    expect((await w.client.post(`/api/runs/${runId}/cancel`)).status).toBe(409);
    const { rows } = await t.app.database.pool.query('select count(*)::int n from run_timers where run_id = $1', [runId]);
    expect(rows[0].n).toBe(0);

    const v2 = { nodes: [graph.nodes[0]!, node('2', 'instagramDM', { text: 'v2 right away' })], edges: [edge('1', '2')] };
    await w.client.put(`/api/flows/${flowId}`, { name: 'Test flow', flowData: v2, isActive: true });
    const replay = await w.client.post(`/api/runs/${runId}/replay`);
    expect(replay.status).toBe(201);
    expect(replay.data.version).toBe(2);
    await expect.poll(async () => (await w.client.get(`/api/runs/${replay.data.id}`)).data.status, { timeout: 10_000 }).toBe('completed');
    expect(await outboxTexts(w)).toEqual(['v2 right away']);

    const first = await w.client.get(`/api/runs?flowId=${flowId}&limit=1`);
    expect(first.data.runs).toHaveLength(1);
    expect(first.data.runs[0].id).toBe(replay.data.id);
    const second = await w.client.get(`/api/runs?flowId=${flowId}&limit=1&cursor=${first.data.nextCursor}`);
    expect(second.data.runs.map((r: { id: string }) => r.id)).toEqual([runId]);
    expect(second.data.nextCursor).toBeNull();
    expect((await w.client.get('/api/runs?status=cancelled')).data.runs.map((r: { id: string }) => r.id)).toEqual([runId]);
    expect((await w.client.get('/api/runs?status=bogus')).status).toBe(400);
    expect((await w.client.get('/api/runs?cursor=garbage')).status).toBe(400);

    const other = await newWorkspaceUser(t.baseUrl);
    expect((await other.client.get(`/api/runs/${runId}`)).status).toBe(404);
    expect((await other.client.post(`/api/runs/${runId}/replay`)).status).toBe(404);
    expect((await other.client.get('/api/runs')).data.runs).toEqual([]);
  });

  it('test run starts the published flow for a chosen sandbox contact', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await dm(w, 'hi, I exist now'); // makes Maya a contact
    await expect.poll(async () => (await w.client.get('/api/conversations')).data.conversations.length, { timeout: 10_000 }).toBe(1);
    const flowId = await publishFlow(w.client, {
      nodes: [keywordTrigger(['never-typed']), node('2', 'instagramDM', { text: 'Test run says hi {first_name}' })],
      edges: [edge('1', '2')],
    });
    const contacts = (await w.client.get(`/api/flows/${flowId}/test-contacts`)).data;
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(['Maya Chen']);
    const run = await w.client.post(`/api/flows/${flowId}/test-run`, { contactId: contacts[0].id });
    expect(run.status).toBe(201);
    await expect.poll(async () => (await w.client.get(`/api/runs/${run.data.id}`)).data.status, { timeout: 10_000 }).toBe('completed');
    expect(await outboxTexts(w)).toEqual(['Test run says hi Maya']);
    expect((await w.client.post(`/api/flows/${flowId}/test-run`, { contactId: 'nope' })).status).toBe(400);
  });
});

describe('demo workspace', () => {
  it('Try Live Demo has a live flow that answers "guide" from the Simulator, and a draft', async () => {
    const { HttpClient } = await import('../../../tests/support/http-client');
    const c = new HttpClient(t.baseUrl);
    await c.post('/api/auth/test-login', { email: `demo-flows-${Date.now()}@example.com` });
    const flows = (await c.get('/api/flows')).data as { id: string; name: string; isActive: boolean; publishedVersion: number | null }[];
    expect(flows.map((f) => [f.name, f.isActive, f.publishedVersion]).sort()).toEqual([
      ['Comment "launch" → A/B DM (draft)', false, null],
      ['Free guide → email capture', true, 1],
    ]);
    const sim = (await c.get('/api/simulator')).data;
    const ig = sim.accounts.find((a: { platform: string }) => a.platform === 'instagram');
    await c.post('/api/simulator/messages', {
      accountId: ig.id,
      contact: { externalUserId: 'sim-demo-fan', name: 'Demo Fan', username: 'demo.fan' },
      text: 'can I get the free guide?',
    });
    const live = flows.find((f) => f.isActive)!;
    await expect.poll(async () => (await runsOf(c, live.id))[0]?.status, { timeout: 20_000 }).toBe('waiting');
    const outbox = (await c.get(`/api/simulator/outbox?accountId=${ig.id}`)).data as { text: string }[];
    expect(outbox.map((o) => o.text)).toContain('Want the weekly tips too? Reply with your email 💌');
  });
});
