import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiAllowances } from '../../../contracts/ai';
import { planList, plans } from '../../../contracts/plans';
import { readWorkspacePlan, recordUsage } from '../../../db/usage/record-usage';
import { endDueTrials, setWorkspacePlan } from '../../../db/workspaces/workspace-plan';
import { inviteNewMember } from '../../../tests/support/team';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

/** One plan catalogue (contracts/plans.ts, ADR 0041), on the workspace; trials only with TRIAL_DAYS. */
describe('plans without trials or billing configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.stop());
  const pool = () => t.app.database.pool;

  it('every reader gives the catalogue’s numbers: /api/plans, /api/auth/user, /api/billing, the usage alert and the AI allowance', async () => {
    const plansBody = (await fetch(`${t.baseUrl}/api/plans`).then((r) => r.json())) as { plans: unknown; trial: unknown; checkout: boolean };
    expect(plansBody).toEqual({ plans: JSON.parse(JSON.stringify(planList)), defaultPlan: 'free', trial: null, checkout: false });

    const u = await newWorkspaceUser(t.baseUrl, 'Catalogue');
    const me = (await u.client.get('/api/auth/user')).data;
    expect(me).toMatchObject({ subscriptionTier: plans.free.name, messageLimit: plans.free.automatedMessages });
    expect((await u.client.get('/api/billing')).data).toEqual({
      plan: 'free',
      source: 'default',
      trialEndsAt: null,
      messagesUsed: 0,
      checkout: false,
      portal: false,
    });
    expect(aiAllowances.free.monthlyModelAnswers).toBe(plans.free.aiAnswers);
    expect(aiAllowances.pro.monthlyModelAnswers).toBe(plans.pro.aiAnswers);

    // The usage alert counts against the same number, and names it.
    expect(await recordUsage(pool(), u.user.workspaceId, plans.free.automatedMessages)).toEqual({
      messagesUsed: plans.free.automatedMessages,
      messageLimit: plans.free.automatedMessages,
    });
    const { rows } = await pool().query<{ body: string }>(`select body from notifications where user_id = $1 and kind = 'usage' order by key`, [u.user.id]);
    expect(rows.map((r) => r.body.split(' messages')[0])).toEqual(['100 of 100', '100 of 100']);

    // An operator moves it to Pro: every reader follows, and the audit log says who did it.
    await setWorkspacePlan(pool(), u.user.workspaceId, 'pro', { actor: { userId: u.user.id }, source: 'admin' });
    expect(await readWorkspacePlan(pool(), u.user.workspaceId)).toEqual({
      subscriptionTier: 'Pro',
      messageLimit: plans.pro.automatedMessages,
      messagesUsed: plans.free.automatedMessages,
      trialEndsAt: null,
    });
    expect((await u.client.get('/api/auth/user')).data).toMatchObject({ subscriptionTier: 'Pro', messageLimit: plans.pro.automatedMessages });
    expect((await u.client.get('/api/billing')).data).toMatchObject({ plan: 'pro', source: 'admin', trialEndsAt: null });
    const audit = (await u.client.get('/api/audit-log?action=plan.changed')).data;
    expect(audit.entries[0]).toMatchObject({ action: 'plan.changed', targetLabel: 'Pro' });
  });

  it('choosing a paid plan in onboarding does not grant it', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Chooser');
    const answers = (await u.client.get('/api/onboarding')).data.answers;
    const saved = await u.client.put('/api/onboarding', { step: 2, answers: { ...answers, selectedPlan: 'enterprise' } });
    expect(saved.status).toBe(200);
    expect((await u.client.get('/api/onboarding')).data.answers.selectedPlan).toBe('enterprise');
    expect((await u.client.get('/api/auth/user')).data).toMatchObject({ subscriptionTier: 'Free', messageLimit: plans.free.automatedMessages });
    expect((await u.client.get('/api/billing')).data).toMatchObject({ plan: 'free', source: 'default' });
    const bad = await u.client.put('/api/onboarding', { step: 2, answers: { ...answers, selectedPlan: 'platinum' } });
    expect(bad.status).toBe(400);
  });

  it('a member of another role reads the plan; GET /api/billing needs a session', async () => {
    const owner = await newWorkspaceUser(t.baseUrl, 'PlanOwner');
    const viewer = await inviteNewMember(t.baseUrl, owner.client, 'viewer', 'PlanViewer');
    expect((await viewer.client.get('/api/billing')).data).toMatchObject({ plan: 'free' });
    expect((await fetch(`${t.baseUrl}/api/billing`)).status).toBe(401);
  });
});

describe('trials with TRIAL_DAYS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRIAL_DAYS: '14' } });
  });
  afterAll(() => t?.stop());
  const pool = () => t.app.database.pool;

  it('a new workspace runs on the trial plan until trial_ends_at; the job puts it back on Free once, with a notice', async () => {
    expect((await fetch(`${t.baseUrl}/api/plans`).then((r) => r.json())) as unknown).toMatchObject({ trial: { days: 14, plan: 'pro' } });
    const u = await newWorkspaceUser(t.baseUrl, 'Trialist');
    const billing = (await u.client.get('/api/billing')).data;
    expect(billing).toMatchObject({ plan: 'pro', source: 'trial' });
    const days = (new Date(billing.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.99);
    expect(days).toBeLessThanOrEqual(14);
    expect((await u.client.get('/api/auth/user')).data).toMatchObject({ subscriptionTier: 'Pro' });

    expect(await endDueTrials(pool())).toBe(0); // not due yet
    await pool().query(`update workspaces set trial_ends_at = now() - interval '1 minute' where id = $1`, [u.user.workspaceId]);
    expect(await endDueTrials(pool())).toBe(1);
    expect(await endDueTrials(pool())).toBe(0);
    expect((await u.client.get('/api/billing')).data).toMatchObject({ plan: 'free', source: 'default', trialEndsAt: null });
    expect((await u.client.get('/api/auth/user')).data).toMatchObject({ subscriptionTier: 'Free', messageLimit: plans.free.automatedMessages });
    const bell = (await u.client.get('/api/notifications')).data;
    expect(bell.notifications.map((n: { title: string }) => n.title)).toEqual(['Your trial has ended']);
  });

  it('the worker’s cron job ends a due trial by itself', async () => {
    const u = await newWorkspaceUser(t.baseUrl, 'Cron');
    await pool().query(`update workspaces set trial_ends_at = now() - interval '1 minute' where id = $1`, [u.user.workspaceId]);
    await pool().query(`select graphile_worker.add_job('plans:end-trials', '{}'::json)`);
    await expect
      .poll(async () => (await pool().query('select plan from workspaces where id = $1', [u.user.workspaceId])).rows[0].plan, { timeout: 15_000 })
      .toBe('free');
  });
});
