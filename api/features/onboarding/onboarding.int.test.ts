import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { serveFixtureSite, type FixtureSite } from '../../../tests/support/fixture-site';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
let site: FixtureSite;
beforeAll(async () => {
  t = await startTestApp({ env: { WEBSITE_SCAN_ALLOW_LOOPBACK: 'true', WEBSITE_SCAN_TIMEOUT_MS: '1500' } });
  site = await serveFixtureSite('brightpath-coaching');
});
afterAll(async () => {
  await site.close();
  await t.stop();
});

const answers = {
  selectedPlan: 'pro',
  connectedPlatform: '',
  websiteUrl: 'https://brightpath.example',
  businessName: 'BrightPath Coaching',
  kbAnswers: { business_hours: 'Mon–Fri 9–5', returns: '30-day refunds' },
  flowTemplate: 'customer_support',
  tone: 'professional',
  scannedData: null,
  noWebsite: false,
};
const count = async (sql: string, params: unknown[]) => (await t.app.database.pool.query<{ n: number }>(sql, params)).rows[0]!.n;

describe('onboarding', () => {
  it('saves every step as the user goes, so signing in again resumes at the same step with the same answers', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    expect((await w.client.get('/api/onboarding')).data).toMatchObject({
      step: 0,
      completed: false,
      answers: { selectedPlan: 'free', tone: 'friendly', kbAnswers: {} },
    });

    const saved = await w.client.put('/api/onboarding', { step: 4, answers: { ...answers, flowTemplate: '' } });
    expect(saved.status).toBe(200);
    // Choose Plan remembers the choice but grants nothing: the workspace stays on the free plan (ADR 0041).
    expect((await w.client.get('/api/auth/user')).data).toMatchObject({ subscriptionTier: 'Free', onboardingStep: 4 });

    const email = (await w.client.get('/api/auth/user')).data.email as string;
    const again = new HttpClient(t.baseUrl);
    expect((await again.post('/api/auth/login', { email, password: 'secret12' })).status).toBe(200);
    expect((await again.get('/api/onboarding')).data).toEqual({ step: 4, completed: false, answers: { ...answers, flowTemplate: '' } });

    const bad = await w.client.put('/api/onboarding', { step: 8, answers: { ...answers, tone: 'grumpy' } });
    expect(bad.status).toBe(400);
    expect(bad.data.details.map((d: { path: string }) => d.path).sort()).toEqual(['answers.tone', 'step']);
  });

  it('completes in one go: answers in the knowledge base, the tone, the chosen template as a draft flow, onboarding done', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const res = await w.client.post('/api/onboarding/complete', answers);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ message: 'Setup Complete!', flowId: expect.any(String) });

    const flow = (await w.client.get(`/api/flows/${res.data.flowId}`)).data;
    expect(flow).toMatchObject({ name: 'Customer Support', isActive: false });
    const text = JSON.stringify(flow.flowData);
    expect(text).toContain('Hello {first_name}, Thanks for contacting BrightPath Coaching support.'); // the professional tone
    expect(text).toContain('We are open Mon–Fri 9–5.');
    const kb = (await w.client.get('/api/knowledge?kind=profile')).data.entries as { questionId: string; body: string; source: string }[];
    expect(kb.map((e) => [e.questionId, e.body, e.source]).sort()).toEqual([
      ['business_hours', 'Mon–Fri 9–5', 'onboarding'],
      ['returns', '30-day refunds', 'onboarding'],
    ]);
    expect((await w.client.get('/api/auth/user')).data).toMatchObject({ onboardingStep: 9, subscriptionTier: 'Free' });
    expect((await w.client.get('/api/onboarding')).data).toMatchObject({ completed: true });

    const missing = await w.client.post('/api/onboarding/complete', { ...answers, flowTemplate: '' });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('Choose a flow template');
  });

  it("without a website: no scan, and the link they share instead is the flow's link", async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const noSite = { ...answers, noWebsite: true, websiteUrl: 'https://linktr.ee/brightpath', flowTemplate: 'lead_magnet', kbAnswers: {} };
    expect((await w.client.put('/api/onboarding', { step: 4, answers: noSite })).status).toBe(200);
    expect((await w.client.get('/api/onboarding')).data.answers).toMatchObject({ noWebsite: true, scannedData: null });
    const res = await w.client.post('/api/onboarding/complete', noSite);
    expect(res.status).toBe(200);
    const text = JSON.stringify((await w.client.get(`/api/flows/${res.data.flowId}`)).data.flowData);
    expect(text).toContain('Here is the free guide from BrightPath Coaching: https://linktr.ee/brightpath');
    // Answers saved before this field existed read as having a website.
    const old = { ...answers } as Partial<typeof answers>;
    delete old.noWebsite;
    expect((await w.client.put('/api/onboarding', { step: 3, answers: old })).data.answers.noWebsite).toBe(false);
  });

  it('leaves nothing half-made when a write inside the completion fails: no answers, no flow, not complete', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const pool = t.app.database.pool;
    // A real failure late in the transaction (after the answers and the flow are written): the
    // onboarding row refuses this workspace, as a constraint or a lost connection would.
    await pool.query(
      `create function refuse_onboarding() returns trigger language plpgsql as $$
       begin if new.workspace_id = '${w.user.workspaceId}' and new.completed_at is not null then raise exception 'disk full'; end if; return new; end $$`,
    );
    await pool.query('create trigger refuse_onboarding before insert or update on onboarding_progress for each row execute function refuse_onboarding()');
    try {
      const res = await w.client.post('/api/onboarding/complete', answers);
      expect(res.status).toBe(500);
      expect(await count('select count(*)::int as n from flows where workspace_id = $1', [w.user.workspaceId])).toBe(0);
      expect(await count('select count(*)::int as n from knowledge_entries where workspace_id = $1', [w.user.workspaceId])).toBe(0);
      expect(await count('select count(*)::int as n from workspace_personas where workspace_id = $1', [w.user.workspaceId])).toBe(0);
      expect(await count('select count(*)::int as n from template_flows where workspace_id = $1', [w.user.workspaceId])).toBe(0);
      expect((await w.client.get('/api/auth/user')).data).toMatchObject({ onboardingStep: 0, subscriptionTier: 'Free' });
    } finally {
      await pool.query('drop trigger refuse_onboarding on onboarding_progress');
      await pool.query('drop function refuse_onboarding');
    }
    // The same request succeeds once the fault is gone, and makes exactly one flow.
    expect((await w.client.post('/api/onboarding/complete', answers)).status).toBe(200);
    expect(await count('select count(*)::int as n from flows where workspace_id = $1', [w.user.workspaceId])).toBe(1);
  });

  it('scan step: the found offers are stored, and failures say Website Required or why the scan failed', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const ok = await w.client.post('/api/website/scan', { url: site.origin });
    expect(ok.status).toBe(200);
    expect(ok.data.offers.length).toBeGreaterThan(0);
    const empty = await w.client.post('/api/website/scan', { url: '  ' });
    expect([empty.status, empty.data.error]).toEqual([400, 'Website Required']);
    const unreachable = await w.client.post('/api/website/scan', { url: 'http://127.0.0.1:9/' });
    expect(unreachable.status).toBe(422);
    expect(unreachable.data).toMatchObject({ code: 'SCAN_FAILED', error: expect.any(String) });
    // A template activated after the scan links to the scanned offer.
    const { flowId } = (await w.client.post('/api/templates/lead_magnet/activate')).data as { flowId: string };
    expect(JSON.stringify((await w.client.get(`/api/flows/${flowId}`)).data.flowData)).toContain(site.origin);
  });

  it('needs a signed-in user', async () => {
    const anon = new HttpClient(t.baseUrl);
    expect((await anon.get('/api/onboarding')).status).toBe(401);
    expect((await anon.post('/api/onboarding/complete', answers)).status).toBe(401);
  });
});
