import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keywordTrigger } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

describe('saving a flow that moved since it was loaded', () => {
  it('answers 409 with the current updatedAt and saves nothing; the fresh copy saves; no expectation = last write wins', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const body = { name: 'Original', description: '', platform: 'instagram', flowData: { nodes: [keywordTrigger(['hi'])], edges: [] }, isActive: false };
    const created = (await w.client.post('/api/flows', body)).data as { id: string; updatedAt: string };

    // Tab A and tab B both loaded `created`; tab B saves first.
    const tabB = await w.client.put(`/api/flows/${created.id}`, { ...body, name: 'From tab B', expectedUpdatedAt: created.updatedAt });
    expect(tabB.status).toBe(200);
    expect(tabB.data.updatedAt).not.toBe(created.updatedAt);

    const tabA = await w.client.put(`/api/flows/${created.id}`, { ...body, name: 'From tab A', expectedUpdatedAt: created.updatedAt });
    expect(tabA.status).toBe(409);
    expect(tabA.data.error).toMatch(/changed in another tab/);
    expect(tabA.data.details).toEqual({ updatedAt: tabB.data.updatedAt });
    expect((await w.client.get(`/api/flows/${created.id}`)).data.name).toBe('From tab B');

    // After reloading, tab A saves against the current copy.
    const retried = await w.client.put(`/api/flows/${created.id}`, { ...body, name: 'From tab A', expectedUpdatedAt: tabB.data.updatedAt });
    expect(retried.status).toBe(200);
    expect(retried.data.name).toBe('From tab A');

    expect((await w.client.put(`/api/flows/${created.id}`, { ...body, name: 'API client' })).status).toBe(200);
    expect((await w.client.put(`/api/flows/${created.id}`, { ...body, expectedUpdatedAt: 'yesterday' })).status).toBe(400);
    const other = await newWorkspaceUser(t.baseUrl);
    expect((await other.client.put(`/api/flows/${created.id}`, { ...body, expectedUpdatedAt: tabB.data.updatedAt })).status).toBe(404);
  });
});
