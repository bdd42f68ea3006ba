import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { edge, node, publishFlow } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('comment rule keyword clashes', () => {
  it('create and edit answer the keywords another active rule or live comment flow already claims; other workspaces never count', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const other = await newWorkspaceUser(t.baseUrl);
    await other.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price'], responseTemplate: 'x' });

    const first = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['price', 'cost'], responseTemplate: 'Prices' });
    expect(first.status).toBe(201);
    expect(first.data.clashes).toEqual([]);
    await publishFlow(
      w.client,
      { nodes: [node('1', 'trigger', { type: 'comment', keywords: ['discount'] }), node('2', 'instagramDM', { text: 'Flow' })], edges: [edge('1', '2')] },
      'Discount flow',
    );

    const second = await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['Price', 'discount', 'hello'], responseTemplate: 'Hi' });
    expect(second.status).toBe(201);
    expect(second.data.clashes).toEqual([
      { keyword: 'Price', with: 'rule', id: first.data.id, name: 'price, cost', theirs: 'price' },
      { keyword: 'discount', with: 'flow', id: expect.any(String), name: 'Discount flow', theirs: 'discount' },
    ]);
    // Another platform's rule does not compete for an Instagram comment.
    expect((await w.client.post('/api/comment-rules', { platform: 'facebook', keywords: ['cost'], responseTemplate: 'Hi' })).data.clashes).toEqual([]);

    // Editing the keywords re-checks; switching the other rule off clears the clash.
    const edited = await w.client.request('PATCH', `/api/comment-rules/${second.data.id}`, { json: { keywords: ['hello', 'cost'] } });
    expect(edited.status).toBe(200);
    expect(edited.data.keywords).toEqual(['hello', 'cost']);
    expect(edited.data.clashes.map((c: { keyword: string }) => c.keyword)).toEqual(['cost']);
    await w.client.request('PATCH', `/api/comment-rules/${first.data.id}`, { json: { isActive: false } });
    expect((await w.client.request('PATCH', `/api/comment-rules/${second.data.id}`, { json: { responseTemplate: 'Hello!' } })).data.clashes).toEqual([]);
  });
});
