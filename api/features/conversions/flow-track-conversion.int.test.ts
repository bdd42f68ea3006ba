import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('Track Conversion node', () => {
  it('a run through it records one conversion credited to the flow: entered → completed → converted', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const flowId = await publishFlow(w.client, {
      nodes: [keywordTrigger(['buy']), node('2', 'trackConversion', { amountCents: 4900, currency: 'USD' }), node('3', 'complete')],
      edges: [edge('1', '2'), edge('2', '3')],
    });
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'buy' })).status).toBe(202);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');

    const real = (await w.client.get('/api/analytics/real-data?timeframe=7d')).data;
    expect(real.flows).toEqual([{ flowId, name: 'Test flow', runsStarted: 1, runsCompleted: 1, runsFailed: 0, conversions: 1, revenueCents: 4900 }]);
    const summary = (await w.client.get('/api/analytics/summary?timeframe=7d')).data.summary;
    expect(summary).toMatchObject({ totalConversions: 1, totalRevenue: 4900 });
  });
});
