import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messagingWebhook } from '../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runDetail, runsOf } from '../../tests/support/flows';
import { useMetaApp } from '../../tests/support/meta-app';

/**
 * A webhook step's outcome takes the run on in the transaction that records it (continueRun, ADR
 * 0007's amendment), but a Meta DM can't be delivered in a transaction: the turn writes the DM's
 * ledger row and leaves the delivery to a run.advance job, which finds the begun step and sends it —
 * once, on the real platform path (the Graph fake), with the call made once.
 */
const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50', WEBHOOK_ALLOW_LOOPBACK: 'true' });

const keys: string[] = [];
let receiver: Server;
let url: string;
beforeAll(async () => {
  receiver = createServer((req, res) => {
    keys.push(String(req.headers['idempotency-key']));
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"crmId":"c-9"}'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crm`;
});
afterAll(() => new Promise((r) => receiver.close(r)));

it("a webhook step followed by a Meta DM: the outcome's turn queues the DM, the driver sends it once", async () => {
  const { w, page } = await meta.connectedWorkspace('hook-dm');
  const ig = page.instagram!;
  const flowId = await publishFlow(
    w.client,
    {
      nodes: [
        keywordTrigger(['crm']),
        node('2', 'webhook', { method: 'POST', url, headers: [], body: '{"u":"{username}"}', saveResponseTo: 'crm' }),
        node('3', 'instagramDM', { text: 'Saved to the CRM' }),
      ],
      edges: [edge('1', '2'), edge('2', '3')],
    },
    'Webhook then DM',
    'instagram',
  );
  const dm = messagingWebhook('instagram', ig.id, [{ sender: 'igsid-crm-1', recipient: ig.id, message: { mid: 'mid_crm_1', text: 'crm please' } }]);
  expect((await meta.fake.deliverWebhook(meta.hook, dm)).status).toBe(200);

  await expect.poll(async () => (await runsOf(w.client, flowId)).map((r) => r.status), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
  const runId = (await runsOf(w.client, flowId))[0]!.id;
  const sent = () => meta.fake.sends.filter((s) => s.recipient === 'igsid-crm-1' && s.text === 'Saved to the CRM');
  await expect.poll(() => sent().length, { timeout: 10_000 }).toBe(1);
  expect(keys).toEqual([`${runId}:2`]);
  const run = await runDetail(w.client, runId);
  expect(run.steps.map((s) => `${s.nodeId}:${s.status}:${s.attempts}`)).toEqual(['1:completed:1', '2:completed:1', '3:completed:1']);
  const { rows } = await meta.pool.query<{ status: string; n: number }>(
    `select status, count(*)::int as n from outbound_ledger where idempotency_key like $1 group by status`,
    [`${runId}:%`],
  );
  expect(rows).toEqual([{ status: 'sent', n: 1 }]);
  // Nothing more goes out later.
  await new Promise((r) => setTimeout(r, 500));
  expect(sent()).toHaveLength(1);
});
