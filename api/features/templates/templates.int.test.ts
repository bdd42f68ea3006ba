import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowTemplate, TemplatePreview } from '../../../contracts/templates';
import { HttpClient } from '../../../tests/support/http-client';
import { runsOf } from '../../../tests/support/flows';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type Client = Awaited<ReturnType<typeof newWorkspaceUser>>['client'];
const templates = async (client: HttpClient, query = '') =>
  (await client.get(`/api/templates${query}`)).data as { templates: FlowTemplate[]; categories: { id: string; name: string; count: number }[] };
const flowText = async (client: Client, flowId: string) => JSON.stringify((await client.get(`/api/flows/${flowId}`)).data.flowData);

describe('template catalogue API', () => {
  it('lists the built-ins to anyone, with spec fields, category counts and filters; the validate probe passes', async () => {
    const anon = new HttpClient(t.baseUrl);
    const all = await templates(anon);
    expect(all.templates.length).toBeGreaterThanOrEqual(15);
    expect(all.templates.find((x) => x.id === 'lead_magnet')).toMatchObject({
      name: 'Lead Magnet',
      platforms: ['instagram', 'facebook', 'twitter'],
      difficulty: 'beginner',
      triggerType: 'comment',
      category: 'lead_generation',
      conversionRate: null,
      runsStarted: 0,
      builtIn: true,
      steps: 4,
      smartkbIntegration: false,
    });
    expect(all.categories.reduce((sum, c) => sum + c.count, 0)).toBe(all.templates.length);

    const igOnly = (await templates(anon, '?platform=instagram&difficulty=beginner&category=engagement')).templates.map((x) => x.id);
    expect(igOnly).toEqual(['giveaway_entry', 'story_thank_you', 'story_reply_welcome', 'live_comment_link', 'giveaway_ref_link']);
    expect((await templates(anon, '?platform=twitter')).templates.map((x) => x.id)).not.toContain('story_thank_you');
    const bad = await anon.get('/api/templates?difficulty=impossible');
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ error: expect.stringContaining('Difficulty must be one of'), details: expect.any(Array) });

    expect((await anon.get('/api/templates/validate')).data).toEqual({ ok: true, count: all.templates.length, problems: [] });
  });

  it('refuses saving and activating when signed out (401), so the page can say Login Required', async () => {
    const anon = new HttpClient(t.baseUrl);
    expect((await anon.post('/api/templates/lead_magnet/activate')).status).toBe(401);
    expect((await anon.post('/api/templates', { flowId: '00000000-0000-4000-8000-000000000000' })).status).toBe(401);
  });

  it('activates every template on every platform it lists into a draft flow that compiles, filled from the knowledge base', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/knowledge', { kind: 'offer', name: 'Posting Playbook', link: 'https://brightpath.example/playbook', priceCents: 4900 });
    await w.client.put('/api/knowledge/profile/business_hours', { answer: 'Mon–Fri 9–5' });
    const all = (await templates(w.client)).templates;
    for (const template of all) {
      for (const platform of template.platforms) {
        const res = await w.client.post(`/api/templates/${template.id}/activate`, { platform });
        expect(res.status, `${template.id} on ${platform}`).toBe(201);
        const flow = (await w.client.get(`/api/flows/${res.data.flowId}`)).data;
        expect(flow).toMatchObject({ name: template.name, isActive: false, publishedVersion: null });
        const check = await w.client.post('/api/flows/validate', { flowData: flow.flowData, platform: flow.platform });
        expect(check.data, `${template.id} on ${platform}`).toEqual({ valid: true, errors: [] });
        expect(JSON.stringify(flow.flowData)).not.toContain('[[');
      }
    }
    const support = (await w.client.post('/api/templates/customer_support/activate', {})).data.flowId as string;
    expect(await flowText(w.client, support)).toContain('We are open Mon–Fri 9–5.');
    const magnet = (await w.client.post('/api/templates/lead_magnet/activate')).data.flowId as string;
    expect(await flowText(w.client, magnet)).toContain('https://brightpath.example/playbook');

    expect((await w.client.post('/api/templates/story_thank_you/activate', { platform: 'twitter' })).status).toBe(400);
    expect((await w.client.post('/api/templates/no_such_template/activate')).status).toBe(404);
    expect((await w.client.post('/api/templates/lead_magnet/activate', { platform: 'tiktok' })).status).toBe(400);
  });

  it('previews a template exactly as activation fills it: my facts where I have them, marked placeholders where not', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.put('/api/knowledge/profile/business_hours', { answer: 'Mon–Fri 9–5' });
    const res = await w.client.get('/api/templates/customer_support/preview?platform=twitter');
    expect(res.status).toBe(200);
    const preview = res.data as TemplatePreview;
    expect(preview).toMatchObject({ templateId: 'customer_support', platform: 'twitter', signedIn: true });
    const text = JSON.stringify(preview.flowData);
    expect(text).not.toContain('[[');
    expect(text).toContain('We are open Mon–Fri 9–5.');
    expect(text).toContain('[your returns policy — add it in Knowledge]');
    expect(preview.flowData.nodes.filter((n) => n.data.kind === 'twitterDM').length).toBeGreaterThan(0);
    expect(preview.flowData.nodes.filter((n) => n.data.kind === 'instagramDM')).toHaveLength(0);
    const byName = Object.fromEntries(preview.variables.map((v) => [v.name, v]));
    expect(byName.business_hours).toEqual({ name: 'business_hours', label: 'Business hours', value: 'Mon–Fri 9–5', missing: false, fix: null });
    expect(byName.returns).toEqual({
      name: 'returns',
      label: 'Returns policy',
      value: '[your returns policy — add it in Knowledge]',
      missing: true,
      fix: { where: 'Knowledge', path: '/knowledge' },
    });
    expect(byName.greeting).toMatchObject({ missing: false, fix: null });
    expect(byName.offer_link).toBeUndefined(); // only the variables the template uses

    // The draft that activation creates says the same as the preview.
    const { flowId } = (await w.client.post('/api/templates/customer_support/activate', { platform: 'twitter' })).data as { flowId: string };
    const draft = (await w.client.get(`/api/flows/${flowId}`)).data.flowData as TemplatePreview['flowData'];
    expect(draft.nodes.map((n) => n.data.config)).toEqual(preview.flowData.nodes.map((n) => n.data.config));

    // With an offer link, the lead magnet's link is filled; signed out, everything is a fallback or placeholder.
    await w.client.post('/api/knowledge', { kind: 'offer', name: 'Free Guide', link: 'https://brightpath.example/guide' });
    const magnet = (await w.client.get('/api/templates/lead_magnet/preview')).data as TemplatePreview;
    expect(magnet.platform).toBe('instagram');
    expect(magnet.variables.find((v) => v.name === 'offer_link')).toMatchObject({ value: 'https://brightpath.example/guide', missing: false });
    const anon = (await new HttpClient(t.baseUrl).get('/api/templates/lead_magnet/preview')).data as TemplatePreview;
    expect(anon.signedIn).toBe(false);
    expect(anon.variables.find((v) => v.name === 'offer_link')).toMatchObject({ value: '[your offer link — add it in Knowledge]', missing: true });
    expect(anon.variables.find((v) => v.name === 'business_name')).toMatchObject({ value: 'our team', missing: true, fix: { where: 'Onboarding' } });

    expect((await w.client.get('/api/templates/story_thank_you/preview?platform=twitter')).status).toBe(400);
    expect((await w.client.get('/api/templates/lead_magnet/preview?platform=tiktok')).status).toBe(400);
    expect((await w.client.get('/api/templates/no_such_template/preview')).status).toBe(404);
    expect((await w.client.get('/api/templates/00000000-0000-4000-8000-000000000000/preview')).status).toBe(404);
  });

  it('the lead magnet, activated and started, answers a sandbox comment with the guide link and completes', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/knowledge', { kind: 'offer', name: 'Free Guide', link: 'https://brightpath.example/guide' });
    const { flowId } = (await w.client.post('/api/templates/lead_magnet/activate', { platform: 'instagram' })).data as { flowId: string };
    const flow = (await w.client.get(`/api/flows/${flowId}`)).data;
    const started = await w.client.put(`/api/flows/${flowId}`, { ...flow, isActive: true });
    expect(started.status).toBe(200);
    expect(started.data.publishedVersion).toBe(1);

    await w.client.post('/api/simulator/comments', {
      accountId: w.instagram.id,
      postId: w.igPosts[0]!.externalId,
      contact: maya,
      text: 'Send me the free guide please',
      commentId: 'tpl-c1',
    });
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    const outbox = (await w.client.get(`/api/simulator/outbox?accountId=${w.instagram.id}`)).data as { kind: string; text: string }[];
    expect(outbox.find((o) => o.kind === 'private_reply')?.text).toBe('Hi Maya! 😊 Here is the free guide from our team: https://brightpath.example/guide');
    expect(outbox.find((o) => o.kind === 'public_reply')?.text).toBe('Just sent it to your DMs, @maya.creates! 📬');
  });

  it('saves my flow as a workspace template that only my workspace sees and activates; another workspace’s flow is 404', async () => {
    const owner = await newWorkspaceUser(t.baseUrl);
    const other = await newWorkspaceUser(t.baseUrl, 'Other');
    const { flowId } = (await owner.client.post('/api/templates/coupon_delivery/activate')).data as { flowId: string };

    expect((await other.client.post('/api/templates', { flowId })).status).toBe(404);
    const saved = await owner.client.post('/api/templates', { flowId, name: 'My coupon flow', tags: ['mine', 'coupon', 'ig'] });
    expect(saved.status).toBe(201);
    expect(saved.data).toMatchObject({ name: 'My coupon flow', category: 'my_templates', builtIn: false, platforms: ['instagram'] });
    expect((await owner.client.post('/api/templates', { flowId: 'nope' })).status).toBe(400);

    expect((await templates(owner.client, '?category=my_templates')).templates.map((x) => x.id)).toEqual([saved.data.id]);
    expect((await templates(other.client)).templates.map((x) => x.id)).not.toContain(saved.data.id);
    expect((await templates(new HttpClient(t.baseUrl))).templates.map((x) => x.id)).not.toContain(saved.data.id);

    expect((await other.client.post(`/api/templates/${saved.data.id}/activate`)).status).toBe(404);
    expect((await other.client.get(`/api/templates/${saved.data.id}/preview`)).status).toBe(404);
    expect((await owner.client.get(`/api/templates/${saved.data.id}/preview`)).data).toMatchObject({ platform: 'instagram', variables: [] });
    const copy = await owner.client.post(`/api/templates/${saved.data.id}/activate`);
    expect(copy.status).toBe(201);
    expect((await owner.client.get(`/api/flows/${copy.data.flowId}`)).data.name).toBe('My coupon flow');
  });

  it('computes the conversion rate from real runs of flows made from the template, and says nothing below 20 runs', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { flowId } = (await w.client.post('/api/templates/waitlist/activate', { platform: 'instagram' })).data as { flowId: string };
    const flow = (await w.client.get(`/api/flows/${flowId}`)).data;
    await w.client.put(`/api/flows/${flowId}`, { ...flow, isActive: true });
    const contact = (i: number) => ({ externalUserId: `wl-${i}`, name: `Fan ${i}`, username: `fan${i}` });
    const dm = (i: number, text: string) => w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: contact(i), text });
    const waitlist = async () => (await templates(w.client)).templates.find((x) => x.id === 'waitlist')!;
    const waiting = async () => (await runsOf(w.client, flowId)).filter((r) => r.status === 'waiting').length;

    for (let i = 0; i < 19; i++) await dm(i, 'Put me on the waitlist');
    await expect.poll(waiting, { timeout: 20_000 }).toBe(19);
    expect(await waitlist()).toMatchObject({ conversionRate: null, runsStarted: 19 });

    await dm(19, 'waitlist please');
    await expect.poll(waiting, { timeout: 10_000 }).toBe(20);
    expect(await waitlist()).toMatchObject({ conversionRate: 0, runsStarted: 20 });

    for (let i = 0; i < 5; i++) await dm(i, `fan${i}@example.com`);
    await expect.poll(async () => (await runsOf(w.client, flowId)).filter((r) => r.status === 'completed').length, { timeout: 15_000 }).toBe(5);
    expect(await waitlist()).toMatchObject({ conversionRate: 25, runsStarted: 20 });
    // Other templates have no runs of their own, so no number is made up for them.
    expect((await templates(w.client)).templates.find((x) => x.id === 'booking_link')).toMatchObject({ conversionRate: null, runsStarted: 0 });
  });
});
