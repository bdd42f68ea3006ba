import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
let alice: Awaited<ReturnType<typeof newWorkspaceUser>>;
let mallory: Awaited<ReturnType<typeof newWorkspaceUser>>;
beforeAll(async () => {
  t = await startTestApp();
  alice = await newWorkspaceUser(t.baseUrl, 'Alice');
  mallory = await newWorkspaceUser(t.baseUrl, 'Mallory');
});
afterAll(() => t.stop());

const patch = (c: typeof alice.client, path: string, json: unknown) => c.request('PATCH', path, { json });

describe('create, read, update, delete', () => {
  it('creates one entry of each kind with its own fields and lists them with counts', async () => {
    const c = alice.client;
    const made = [
      await c.post('/api/knowledge', {
        kind: 'offer',
        name: 'Career Sprint',
        description: 'Six weekly calls',
        priceCents: 49_900,
        duration: '6 weeks',
        link: 'https://example.com/sprint',
      }),
      await c.post('/api/knowledge', { kind: 'faq', question: 'Do you offer refunds?', answer: 'Yes, within 14 days.' }),
      await c.post('/api/knowledge', { kind: 'document', title: 'Cancellation policy', text: 'Cancel any time before the next session.' }),
      await c.post('/api/knowledge', { kind: 'testimonial', quote: 'Changed my career.', author: 'Priya N.' }),
      await c.post('/api/knowledge', { kind: 'profile', questionId: 'shipping', answer: 'Digital only, nothing ships.' }),
    ];
    expect(made.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(made[0]!.data).toMatchObject({
      kind: 'offer',
      title: 'Career Sprint',
      body: 'Six weekly calls',
      priceCents: 49_900,
      duration: '6 weeks',
      url: 'https://example.com/sprint',
      source: 'typed',
    });
    expect(made[3]!.data).toMatchObject({ kind: 'testimonial', body: 'Changed my career.', author: 'Priya N.' });
    expect(made[4]!.data).toMatchObject({ kind: 'profile', questionId: 'shipping', title: 'Shipping' });

    const list = await c.get('/api/knowledge');
    expect(list.status).toBe(200);
    expect(list.data.entries).toHaveLength(5);
    expect(list.data.counts).toEqual({ profile: 1, offer: 1, faq: 1, document: 1, testimonial: 1, page: 0 });
    expect(list.data.pagination).toMatchObject({ total: 5, pages: 1 });

    const faqs = await c.get('/api/knowledge?kind=faq');
    expect(faqs.data.entries.map((e: { title: string }) => e.title)).toEqual(['Do you offer refunds?']);
    expect(faqs.data.pagination.total).toBe(1);
  });

  it('searches by word prefixes, with counts for the search', async () => {
    const res = await alice.client.get('/api/knowledge?q=refund');
    expect(res.data.entries.map((e: { title: string }) => e.title)).toEqual(['Do you offer refunds?']);
    expect(res.data.counts.faq).toBe(1);
    expect(res.data.counts.offer).toBe(0);
    expect((await alice.client.get('/api/knowledge?q=cancel%20sess')).data.entries[0].title).toBe('Cancellation policy');
    expect((await alice.client.get('/api/knowledge?q=%3F%21')).data.entries).toEqual([]);
  });

  it('pages through entries', async () => {
    const res = await alice.client.get('/api/knowledge?limit=2&page=3');
    expect(res.data.entries).toHaveLength(1);
    expect(res.data.pagination).toMatchObject({ total: 5, pages: 3, page: 3 });
    expect((await alice.client.get('/api/knowledge?limit=2&page=9')).data.pagination).toMatchObject({ total: 5, pages: 3 });
  });

  it('patches only the given fields of the entry’s own kind and bumps updatedAt', async () => {
    const offer = (await alice.client.post('/api/knowledge', { kind: 'offer', name: 'Intensive', priceCents: 14_900 })).data;
    const res = await patch(alice.client, `/api/knowledge/${offer.id}`, { priceCents: 12_900, duration: '1 day' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ title: 'Intensive', priceCents: 12_900, duration: '1 day' });
    expect(Date.parse(res.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(offer.updatedAt));
    // A field of another kind is refused, not ignored.
    const wrong = await patch(alice.client, `/api/knowledge/${offer.id}`, { question: 'x' });
    expect(wrong.status).toBe(400);
    const cleared = await patch(alice.client, `/api/knowledge/${offer.id}`, { duration: '' });
    expect(cleared.data.duration).toBeNull();
  });

  it('deletes an entry', async () => {
    const faq = (await alice.client.post('/api/knowledge', { kind: 'faq', question: 'Temporary?', answer: 'Yes.' })).data;
    expect((await alice.client.delete(`/api/knowledge/${faq.id}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/knowledge/${faq.id}`)).status).toBe(404);
  });
});

describe('profile answers', () => {
  it('PUT creates the answer once and replaces it after', async () => {
    const first = await alice.client.put('/api/knowledge/profile/business_hours', { answer: 'Mon–Fri 9–5', source: 'onboarding' });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ kind: 'profile', questionId: 'business_hours', title: 'Business hours', body: 'Mon–Fri 9–5', source: 'onboarding' });
    const again = await alice.client.put('/api/knowledge/profile/business_hours', { answer: 'Mon–Sat 9–5' });
    expect(again.status).toBe(200);
    expect(again.data).toMatchObject({ id: first.data.id, body: 'Mon–Sat 9–5', source: 'typed' });
    const profiles = (await alice.client.get('/api/knowledge?kind=profile')).data.entries;
    expect(profiles.filter((e: { questionId: string }) => e.questionId === 'business_hours')).toHaveLength(1);
  });

  it('refuses an unknown question and an empty answer', async () => {
    const unknown = await alice.client.put('/api/knowledge/profile/favourite_colour', { answer: 'blue' });
    expect(unknown.status).toBe(404);
    const empty = await alice.client.put('/api/knowledge/profile/returns', { answer: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.data.error).toBe('Answer is required');
  });
});

describe('visibility: public entries may be sent to customers, internal ones answer the workspace only', () => {
  it('a new entry takes its kind’s visibility unless told: documents internal, the rest public', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Vis');
    const c = u.client;
    const doc = await c.post('/api/knowledge', { kind: 'document', title: 'Staff notes', text: 'Alarm code 4471.' });
    const faq = await c.post('/api/knowledge', { kind: 'faq', question: 'Open on Sundays?', answer: 'Yes, 9 to 3.' });
    const publicDoc = await c.post('/api/knowledge', { kind: 'document', title: 'Care guide', text: 'Wash cold.', visibility: 'public' });
    const internalOffer = await c.post('/api/knowledge', { kind: 'offer', name: 'Staff bundle', visibility: 'internal' });
    expect([doc, faq, publicDoc, internalOffer].map((r) => [r.status, r.data.visibility])).toEqual([
      [201, 'internal'],
      [201, 'public'],
      [201, 'public'],
      [201, 'internal'],
    ]);
    const profile = await c.put('/api/knowledge/profile/returns', { answer: '30 days.' });
    expect(profile.data.visibility).toBe('public');
  });

  it('PATCH changes only the visibility when that is all it says, and a profile answer replaced keeps its visibility', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Vis2');
    const c = u.client;
    const faq = await c.post('/api/knowledge', { kind: 'faq', question: 'Wholesale?', answer: 'Ask for the list.' });
    const flipped = await patch(c, `/api/knowledge/${faq.data.id}`, { visibility: 'internal' });
    expect(flipped.status).toBe(200);
    expect(flipped.data).toMatchObject({ visibility: 'internal', title: 'Wholesale?', body: 'Ask for the list.' });
    const edited = await patch(c, `/api/knowledge/${faq.data.id}`, { answer: 'Minimum $150.' });
    expect(edited.data).toMatchObject({ visibility: 'internal', body: 'Minimum $150.' });

    await c.put('/api/knowledge/profile/pricing', { answer: 'From $45.', visibility: 'internal' });
    const again = await c.put('/api/knowledge/profile/pricing', { answer: 'From $49.', source: 'onboarding' });
    expect(again.data).toMatchObject({ body: 'From $49.', visibility: 'internal' });
  });

  it('lists by visibility with counts of each, and refuses an unknown visibility with 400', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Vis3');
    const c = u.client;
    await c.post('/api/knowledge', { kind: 'document', title: 'Notes one', text: 'x' });
    await c.post('/api/knowledge', { kind: 'document', title: 'Notes two', text: 'y' });
    await c.post('/api/knowledge', { kind: 'faq', question: 'Q?', answer: 'A.' });
    const all = await c.get('/api/knowledge');
    expect(all.data.visibilityCounts).toEqual({ public: 1, internal: 2 });
    const internal = await c.get('/api/knowledge?visibility=internal');
    expect(internal.data.entries.map((e: { title: string }) => e.title).sort()).toEqual(['Notes one', 'Notes two']);
    expect(internal.data.pagination.total).toBe(2);
    expect(internal.data.counts).toMatchObject({ document: 2, faq: 0 });
    const bad = await c.post('/api/knowledge', { kind: 'faq', question: 'Q?', answer: 'A.', visibility: 'secret' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('Visibility must be one of public, internal');
    expect((await c.get('/api/knowledge?visibility=everyone')).status).toBe(400);
  });
});

describe('bad input', () => {
  it.each([
    [{ kind: 'faq', question: 'Q?' }, 'Answer is required'],
    [{ kind: 'faq', question: '', answer: 'A' }, 'Question is required'],
    [{ kind: 'offer', name: 'X', priceCents: -1 }, 'Price cannot be negative'],
    [{ kind: 'offer', name: 'X', priceCents: 12.5 }, 'Price must be a whole number of cents'],
    [{ kind: 'offer', name: 'X', link: 'javascript:alert(1)' }, 'Link must be a web address starting with http:// or https://'],
    [{ kind: 'testimonial', quote: 'Great' }, 'Author is required'],
    [{ kind: 'profile', questionId: 'nope', answer: 'x' }, 'Question must be one of business_hours, pricing, shipping, returns, unique_value'],
    [{ kind: 'page', title: 'x', text: 'y' }, 'Kind must be one of offer, faq, document, testimonial, profile'],
    [{ kind: 'document', title: 'Big', text: 'x'.repeat(100_001) }, 'Text is limited to 100,000 characters'],
  ])('%j → 400 %s', async (body, message) => {
    const res = await alice.client.post('/api/knowledge', body);
    expect(res.status).toBe(400);
    expect(res.data.error).toBe(message);
    expect(res.data.details[0].message).toBe(message);
  });

  it('takes a 100,000-character document and answers 413 to a body over the limit', async () => {
    const ok = await alice.client.post('/api/knowledge', { kind: 'document', title: 'Handbook', text: 'word '.repeat(20_000) });
    expect(ok.status).toBe(201);
    const huge = await alice.client.post('/api/knowledge', { kind: 'document', title: 'Huge', text: 'x'.repeat(600_000) });
    expect(huge.status).toBe(413);
    expect(huge.data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses bad list parameters', async () => {
    const res = await alice.client.get('/api/knowledge?kind=recipe');
    expect(res.status).toBe(400);
    expect(res.data.error).toMatch(/^Kind must be one of profile, offer/);
    expect((await alice.client.get('/api/knowledge?limit=1000')).status).toBe(400);
  });
});

describe('workspaces never see each other’s knowledge', () => {
  it("answers 404 for another workspace's id and never lists or searches its entries", async () => {
    const secret = (await alice.client.post('/api/knowledge', { kind: 'faq', question: 'Secret discount code?', answer: 'ALICE50' })).data;
    const m = mallory.client;
    const attempts = [
      await patch(m, `/api/knowledge/${secret.id}`, { answer: 'hijacked' }),
      await m.delete(`/api/knowledge/${secret.id}`),
      await patch(m, '/api/knowledge/not-a-uuid', { answer: 'x' }),
    ];
    expect(attempts.map((r) => r.status)).toEqual([404, 404, 404]);
    const theirs = await m.get('/api/knowledge?q=secret%20discount');
    expect(theirs.data.entries).toEqual([]);
    expect(Object.values(theirs.data.counts).every((n) => n === 0)).toBe(true);
    expect((await m.get('/api/knowledge')).data.pagination.total).toBe(0);
    // Mallory's profile answer is her own row, not Alice's.
    await m.put('/api/knowledge/profile/business_hours', { answer: 'Never open' });
    const alices = (await alice.client.get('/api/knowledge?kind=profile')).data.entries;
    expect(alices.find((e: { questionId: string }) => e.questionId === 'business_hours').body).toBe('Mon–Sat 9–5');
    expect((await alice.client.get(`/api/knowledge?q=secret`)).data.entries[0].body).toBe('ALICE50');
  });

  it('answers 401 when signed out', async () => {
    expect((await fetch(`${t.baseUrl}/api/knowledge`)).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/api/website/scan`, { method: 'POST' })).status).toBe(401);
  });
});
