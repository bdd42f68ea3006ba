import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

/** A local receiver standing in for a user's CRM: answers with whatever `mode` says. */
let mode: 'ok' | 'fail' = 'ok';
const received: { method: string; headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl: string;
let t: TestApp;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body });
      if (mode === 'fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('CRM is down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ crmId: 'crm-42', echo: JSON.parse(body || 'null') }));
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  t = await startTestApp({ env: { TIMER_PUMP_INTERVAL_MS: '50', WEBHOOK_ALLOW_LOOPBACK: 'true', FLOW_RETRY_BASE_MS: '50', FLOW_MAX_ATTEMPTS: '3' } });
});
afterAll(async () => {
  await t.stop();
  await new Promise((r) => receiver.close(r));
});

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const dm = (w: W, text: string) => w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text });
const outboxTexts = async (w: W) =>
  ((await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { text: string }[]).map((i) => i.text).reverse();

function webhookFlow(keyword: string, url: string) {
  return {
    nodes: [
      keywordTrigger([keyword]),
      node('2', 'instagramDM', { text: 'Saving your details…' }),
      node('3', 'webhook', {
        method: 'POST',
        url,
        headers: [{ key: 'X-Api-Key', value: 'secret-{username}' }],
        body: '{"name":"{name}","handle":"{username}"}',
        saveResponseTo: 'crm',
      }),
      node('4', 'instagramDM', { text: 'Done! Your id is {field.crm}' }),
    ],
    edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
  };
}

describe('webhook node', () => {
  it('calls the URL with the rendered JSON body and headers, and saves the response to the contact', async () => {
    mode = 'ok';
    received.length = 0;
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, webhookFlow('crm', receiverUrl));
    await dm(w, 'crm');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
    expect(received).toHaveLength(1);
    const runId = (await runsOf(w.client, flowId))[0]!.id;
    expect(JSON.parse(received[0]!.body)).toEqual({ name: 'Maya Chen', handle: '@maya.creates' });
    expect(received[0]!.headers).toMatchObject({ 'x-api-key': 'secret-@maya.creates', 'content-type': 'application/json', 'idempotency-key': `${runId}:3` });
    const run = await runDetail(w.client, runId);
    expect(run.steps.find((s) => s.nodeId === '3')).toMatchObject({ status: 'completed', output: { status: 200, body: { crmId: 'crm-42' } }, attempts: 1 });
    const { rows } = await t.app.database.pool.query('select custom_fields from contacts where workspace_id = $1', [w.user.workspaceId]);
    expect(rows[0].custom_fields.crm).toMatchObject({ crmId: 'crm-42' });
  });

  it('a 500 is retried with backoff, then the run fails with the error visible; Retry from the failed step re-runs only that step onward', async () => {
    mode = 'fail';
    received.length = 0;
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, webhookFlow('down', receiverUrl));
    await dm(w, 'down');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('failed');
    expect(received).toHaveLength(3); // FLOW_MAX_ATTEMPTS
    const runId = (await runsOf(w.client, flowId))[0]!.id;
    const failed = await runDetail(w.client, runId);
    expect(failed.statusDetail).toMatch(/HTTP 500: CRM is down \(gave up after 3 attempts\)/);
    expect(failed.steps.find((s) => s.nodeId === '3')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await outboxTexts(w)).toEqual(['Saving your details…']);

    mode = 'ok';
    const retried = await w.client.post(`/api/runs/${runId}/retry`);
    expect(retried.status).toBe(200);
    await expect.poll(async () => (await runDetail(w.client, runId)).status, { timeout: 10_000 }).toBe('completed');
    // The DM before the failed step is not sent again; the webhook and what follows run once more.
    expect(await outboxTexts(w)).toEqual(['Saving your details…', expect.stringMatching(/^Done! Your id is /)]);
    const after = await runDetail(w.client, runId);
    expect(after.steps.map((s) => `${s.nodeId}:${s.status}`)).toEqual(['1:completed', '2:completed', '3:failed', '3:completed', '4:completed']);
    expect((await w.client.post(`/api/runs/${runId}/retry`)).status).toBe(409);
  });

  it('refuses a private-address URL with a clear message and fails the run without calling it', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, webhookFlow('meta', 'http://169.254.169.254/latest/meta-data'));
    await dm(w, 'meta');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('failed');
    const run = await runDetail(w.client, (await runsOf(w.client, flowId))[0]!.id);
    expect(run.statusDetail).toMatch(/Refused to call 169\.254\.169\.254: the host resolves to a private or loopback address/);
    expect(run.steps.find((s) => s.nodeId === '3')).toMatchObject({ status: 'failed', attempts: 1 });

    const flow2 = await publishFlow(w.client, webhookFlow('lan', 'http://10.1.2.3:8080/hook'), 'LAN');
    await dm(w, 'lan');
    await expect.poll(async () => (await runsOf(w.client, flow2))[0]?.status, { timeout: 10_000 }).toBe('failed');
    expect((await runDetail(w.client, (await runsOf(w.client, flow2))[0]!.id)).statusDetail).toMatch(/the host resolves to a private or loopback address/);
  });

  it('a Host (or hop-by-hop) header is refused when publishing, naming it, and dropped from flows saved before', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const graph = webhookFlow('host', receiverUrl);
    const hook = graph.nodes.find((n) => n.id === '3')!;
    hook.data.config = { ...hook.data.config, headers: [{ key: 'Host', value: 'internal.admin' }] };
    const refused = await w.client.post('/api/flows', { name: 'Host header', flowData: graph, isActive: true });
    expect(refused.status).toBe(400);
    expect(refused.data.details.errors).toEqual([
      expect.objectContaining({ nodeId: '3', code: 'invalid_config', message: expect.stringContaining('"Host" header') }),
    ]);

    // A version published before the rule still carries it: the call goes out without it.
    mode = 'ok';
    received.length = 0;
    const flowId = await publishFlow(w.client, webhookFlow('host', receiverUrl));
    await t.app.database.pool.query(
      `update flow_versions set plan = jsonb_set(plan, '{nodes,3,config,headers}', '[{"key":"Host","value":"internal.admin"},{"key":"Proxy-Authorization","value":"x"},{"key":"X-Api-Key","value":"k"}]') where flow_id = $1`,
      [flowId],
    );
    await dm(w, 'host');
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 10_000 }).toBe('completed');
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.host).toBe(new URL(receiverUrl).host);
    expect(received[0]!.headers).not.toHaveProperty('proxy-authorization');
    expect(received[0]!.headers['x-api-key']).toBe('k');
  });
});
