import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

/** A shop's server: no cookie, no Origin, only the key. */
const report = (key: string | undefined, json: unknown) =>
  fetch(`${t.baseUrl}/api/conversions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(json),
  }).then(async (r) => ({ status: r.status, data: await r.json() }));

const shopKey = { name: 'Shop', scopes: ['conversions:write'] };

const summary = async (w: Awaited<ReturnType<typeof newWorkspaceUser>>) => (await w.client.get('/api/analytics/summary?timeframe=7d')).data.summary;

describe('conversions', () => {
  it('a lead set to converted is one conversion, with or without a value; its value is the revenue; leaving converted takes it back', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { data: lead } = await w.client.post('/api/leads', { name: 'Ann', source: 'instagram' });
    await w.client.request('PATCH', `/api/leads/${lead.id}`, { json: { status: 'converted' } });
    // Converted without a value is a conversion all the same (docs/product-spec.md, Glossary: conversion).
    expect(await summary(w)).toEqual({ totalLeads: 1, totalConversions: 1, totalRevenue: 0, avgRevenue: 0, conversionRate: '100%' });
    await w.client.request('PATCH', `/api/leads/${lead.id}`, { json: { value: 4999 } });
    expect(await summary(w)).toEqual({ totalLeads: 1, totalConversions: 1, totalRevenue: 4999, avgRevenue: 4999, conversionRate: '100%' });
    await w.client.request('PATCH', `/api/leads/${lead.id}`, { json: { status: 'qualified' } });
    expect(await summary(w)).toEqual({ totalLeads: 1, totalConversions: 0, totalRevenue: 0, avgRevenue: null, conversionRate: '0%' });
    await w.client.request('PATCH', `/api/leads/${lead.id}`, { json: { status: 'converted', value: 6000 } });
    expect(await summary(w)).toEqual({ totalLeads: 1, totalConversions: 1, totalRevenue: 6000, avgRevenue: 6000, conversionRate: '100%' });
    const { rows } = await t.app.database.pool.query('select amount_cents from conversions where lead_id = $1', [lead.id]);
    expect(rows).toEqual([{ amount_cents: 6000 }]);
    // A deleted lead is no longer a lead; its sale stays a conversion.
    expect((await w.client.request('DELETE', `/api/leads/${lead.id}`)).status).toBe(204);
    expect(await summary(w)).toEqual({ totalLeads: 0, totalConversions: 1, totalRevenue: 6000, avgRevenue: 6000, conversionRate: '0%' });
  });

  it('POST /api/conversions needs a key with conversions:write; only its hash is stored and a revoked key stops working', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    expect((await w.client.get('/api/api-keys')).data).toEqual([]);
    const first = (await w.client.post('/api/api-keys', shopKey)).data;
    expect(first.key).toMatch(/^rp_live_/);
    expect((await w.client.get('/api/api-keys')).data).toMatchObject([{ id: first.id, prefix: first.prefix, scopes: ['conversions:write'] }]);
    const stored = await t.app.database.pool.query('select hash from api_keys where workspace_id = $1', [w.user.workspaceId]);
    expect(stored.rows[0].hash).not.toContain(first.key);

    expect((await report(undefined, { amountCents: 100, idempotencyKey: 'a' })).status).toBe(401);
    expect((await report('rp_live_wrong', { amountCents: 100, idempotencyKey: 'a' })).status).toBe(401);
    const ok = await report(first.key, { amountCents: 2500, currency: 'USD', idempotencyKey: 'order-1' });
    expect(ok.status).toBe(201);
    expect(ok.data).toMatchObject({ source: 'api', amountCents: 2500, currency: 'USD' });

    const rotated = (await w.client.post('/api/api-keys', shopKey)).data;
    expect((await w.client.delete(`/api/api-keys/${first.id}`)).status).toBe(204);
    expect((await report(first.key, { amountCents: 100, idempotencyKey: 'order-2' })).status).toBe(401);
    const readOnly = (await w.client.post('/api/api-keys', { name: 'Reports', scopes: ['conversions:read'] })).data;
    const refused = await report(readOnly.key, { amountCents: 100, idempotencyKey: 'order-2' });
    expect(refused).toMatchObject({ status: 403, data: { error: 'This API key lacks the scope conversions:write', details: { scope: 'conversions:write' } } });
    expect((await report(rotated.key, { amountCents: 100, idempotencyKey: 'order-2' })).status).toBe(201);
    expect((await report(rotated.key, { amountCents: 100, currency: 'EUR', idempotencyKey: 'order-3' })).status).toBe(400);
    expect((await report(rotated.key, { amountCents: -1, idempotencyKey: 'order-3' })).status).toBe(400);
  });

  it('the same idempotency key is one conversion, counted once', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { key } = (await w.client.post('/api/api-keys', shopKey)).data;
    const { data: lead } = await w.client.post('/api/leads', { email: 'buyer@example.com' });
    const a = await report(key, { amountCents: 1250, leadId: lead.id, idempotencyKey: 'order-9' });
    const b = await report(key, { amountCents: 1250, leadId: lead.id, idempotencyKey: 'order-9' });
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.data.id).toBe(a.data.id);
    expect(await summary(w)).toEqual({ totalLeads: 1, totalConversions: 1, totalRevenue: 1250, avgRevenue: 1250, conversionRate: '100%' });
  });

  it("another workspace's lead or contact is a 404 and records nothing", async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const other = await newWorkspaceUser(t.baseUrl);
    const { key } = (await w.client.post('/api/api-keys', shopKey)).data;
    const { data: foreignLead } = await other.client.post('/api/leads', { name: 'Not yours' });
    expect((await report(key, { amountCents: 100, leadId: foreignLead.id, idempotencyKey: 'x1' })).status).toBe(404);
    expect((await report(key, { amountCents: 100, contactId: foreignLead.id, idempotencyKey: 'x2' })).status).toBe(404);
    expect((await summary(w)).totalConversions).toBe(0);
    expect((await summary(other)).totalConversions).toBe(0);
  });
});
