import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_SKIP_REASONS, STOP_REASONS, type Enrollment } from '../../../contracts/sequences';
import { advanceEnrollment } from '../../../db/sequences/advance-enrollment';
import { sendLimitsFromConfig } from '../../../db/sends/send-limits';
import { seedContacts } from '../../../tests/support/contacts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { makeApiKey, newWorkspaceUser } from '../../../tests/support/workspace';
import { jobs } from '../../../contracts/jobs';
import { runsOf } from '../../../tests/support/flows';

/**
 * Sequences through the real app (ADR 0048): enrolment by the API, steps sent through the outbox to
 * the sandbox accounts at their offsets, and every stop and skip rule. Time moves the way the flow
 * delay tests move it: the rows' timestamps are set back (here the enrolment's), and the step job's
 * function runs as the worker would run it when the next step falls due.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const q = <R = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.app.database.pool.query(sql, params).then((r) => r.rows as R[]);
const step = (id: string, amount: number, unit: 'minutes' | 'hours' | 'days', text: string) => ({ id, offset: { amount, unit }, message: { text } });
const threeSteps = [
  step('hello', 0, 'minutes', 'Welcome aboard!'),
  step('tip', 2, 'hours', 'Tip: reply MENU any time'),
  step('offer', 2, 'days', 'A gift for you'),
];

async function contact(w: W, prefix: string, lastInboundHoursAgo: number | null, accountId = w.instagram.id) {
  await seedContacts(t.app.database.pool, { workspaceId: w.user.workspaceId, accountId, prefix, count: 1, lastInboundHoursAgo });
  const [c] = await q<{ id: string; external_user_id: string }>('select id, external_user_id from contacts where workspace_id = $1 and external_user_id = $2', [
    w.user.workspaceId,
    `${prefix}-1`,
  ]);
  return c!;
}

const deliveries = (w: W, externalId: string) =>
  q<{ text: string }>('select text from sandbox_deliveries where workspace_id = $1 and recipient_external_id = $2 order by created_at', [
    w.user.workspaceId,
    externalId,
  ]).then((rows) => rows.map((r) => r.text));

async function enrolment(w: W, sequenceId: string, contactId: string): Promise<Enrollment> {
  const { data } = await w.client.get(`/api/sequences/${sequenceId}/enrollments`);
  return data.enrollments.find((e: Enrollment) => e.contactId === contactId);
}

/** The enrolment as if `ms` had passed since it began, then its step job as the worker runs it. */
async function later(enrollmentId: string, ms: number) {
  await q(`update sequence_enrollments set enrolled_at = enrolled_at - make_interval(secs => $2::float8 / 1000) where id = $1`, [enrollmentId, ms]);
  return advanceEnrollment(t.app.database.pool, enrollmentId, { limits: sendLimitsFromConfig(t.app.config) });
}
const HOUR = 3_600_000;

describe('sequences', () => {
  it('CRUD: create, list, read, change and delete, each on/off and delete in the audit log; 400 for a bad body; 404 for another workspace’s sequence', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const other = await newWorkspaceUser(t.baseUrl);
    const created = await w.client.post('/api/sequences', { name: 'Welcome', steps: threeSteps });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: 'Welcome', stopOnReply: true, isActive: true, accountId: null, enrollTag: null, steps: threeSteps });
    expect(created.data.counts).toEqual({ active: 0, completed: 0, stopped: 0, total: 0 });
    const id = created.data.id as string;
    expect((await w.client.get('/api/sequences')).data.sequences.map((s: { id: string }) => s.id)).toEqual([id]);
    const patched = await w.client.request('PATCH', `/api/sequences/${id}`, { json: { name: 'Welcome (3 days)', stopOnReply: false, enrollTag: 'new-fan' } });
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({ name: 'Welcome (3 days)', stopOnReply: false, enrollTag: 'new-fan', steps: threeSteps });

    const bad = await w.client.post('/api/sequences', { name: 'x', steps: [step('b', 1, 'days', 'later'), step('a', 1, 'hours', 'sooner')] });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toMatch(/in order/);
    expect((await w.client.post('/api/sequences', { name: 'x', steps: [] })).data.error).toBe('A sequence needs at least one step');
    expect((await w.client.post('/api/sequences', { name: '', steps: threeSteps })).status).toBe(400);
    expect((await w.client.request('PATCH', `/api/sequences/${id}`, { json: {} })).status).toBe(400);
    const both = { ...step('x', 0, 'minutes', 'Pick one'), message: { text: 'Pick one', quickReplies: ['A'], buttons: [{ type: 'postback', title: 'B' }] } };
    const mixed = await w.client.post('/api/sequences', { name: 'x', steps: [both] });
    expect(mixed.status).toBe(400);
    expect(mixed.data.error).toMatch(/^Step 1: Use quick replies or buttons on one message, not both/);
    expect((await w.client.post('/api/sequences', { name: 'x', steps: threeSteps, accountId: other.instagram.id })).status).toBe(400);

    const c = await contact(w, 'crud', 1);
    for (const res of [
      await other.client.get(`/api/sequences/${id}`),
      await other.client.request('PATCH', `/api/sequences/${id}`, { json: { name: 'mine' } }),
      await other.client.delete(`/api/sequences/${id}`),
      await other.client.get(`/api/sequences/${id}/enrollments`),
      await other.client.post(`/api/sequences/${id}/enrollments`, { contactId: c.id }),
    ])
      expect(res.status).toBe(404);
    // And another workspace's contact in one's own sequence.
    const theirs = await contact(other, 'theirs', 1);
    expect((await w.client.post(`/api/sequences/${id}/enrollments`, { contactId: theirs.id })).status).toBe(404);
    expect((await w.client.post(`/api/sequences/${id}/enrollments`, { contactId: 'nope' })).status).toBe(400);

    expect((await w.client.request('PATCH', `/api/sequences/${id}`, { json: { isActive: false } })).status).toBe(200);
    expect((await w.client.request('PATCH', `/api/sequences/${id}`, { json: { isActive: false } })).status).toBe(200); // no change, no entry
    expect((await w.client.delete(`/api/sequences/${id}`)).status).toBe(204);
    expect((await w.client.get(`/api/sequences/${id}`)).status).toBe(404);
    // The audit log: turned on (created active), off, deleted — named as they were then; newest first.
    const { data: log } = await w.client.get('/api/audit-log');
    expect(
      log.entries
        .filter((e: { targetType: string }) => e.targetType === 'sequence')
        .map((e: { action: string; targetLabel: string }) => [e.action, e.targetLabel]),
    ).toEqual([
      ['sequence.deleted', 'Welcome (3 days)'],
      ['sequence.deactivated', 'Welcome (3 days)'],
      ['sequence.activated', 'Welcome'],
    ]);
  });

  it('enrol by the API: each step at its offset, once; enrolling twice is one enrolment; a step outside the window is skipped with the reason', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const c = await contact(w, 'fan', 1);
    const id = (await w.client.post('/api/sequences', { name: 'Welcome', steps: threeSteps })).data.id as string;

    const first = await w.client.post(`/api/sequences/${id}/enrollments`, { contactId: c.id });
    expect(first.status).toBe(201);
    const again = await w.client.post(`/api/sequences/${id}/enrollments`, { contactId: c.id });
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ enrollmentId: first.data.enrollmentId, created: false });
    const enrollmentId = first.data.enrollmentId as string;

    // The first step (offset 0) goes out through the worker's job, to the sandbox account.
    await expect.poll(() => deliveries(w, c.external_user_id), { timeout: 20_000 }).toEqual(['Welcome aboard!']);
    await expect.poll(async () => (await enrolment(w, id, c.id)).steps.map((s) => s.status)).toEqual(['sent', 'pending', 'pending']);
    let e = await enrolment(w, id, c.id);
    expect(e).toMatchObject({ status: 'active', source: 'api' });
    expect(Date.parse(e.steps[1]!.dueAt) - Date.parse(e.enrolledAt)).toBe(2 * HOUR);
    const [row] = await q<{ next_due_at: Date; enrolled_at: Date }>('select next_due_at, enrolled_at from sequence_enrollments where id = $1', [enrollmentId]);
    expect(row!.next_due_at.getTime() - row!.enrolled_at.getTime()).toBe(2 * HOUR);

    // Not due yet: nothing more.
    expect((await later(enrollmentId, HOUR)).again).not.toBeNull();
    expect(await deliveries(w, c.external_user_id)).toEqual(['Welcome aboard!']);
    // Two hours in: the tip; its job runs again when the offer is due.
    const next = await later(enrollmentId, HOUR + 60_000);
    expect(next.again).not.toBeNull();
    await expect.poll(() => deliveries(w, c.external_user_id), { timeout: 20_000 }).toEqual(['Welcome aboard!', 'Tip: reply MENU any time']);

    // Two days in, the contact last wrote 30 hours ago: the offer is skipped with the reason, never sent tagged.
    await q(`update contacts set last_inbound_at = now() - interval '30 hours' where id = $1`, [c.id]);
    expect((await later(enrollmentId, 2 * 24 * HOUR)).again).toBeNull();
    e = await enrolment(w, id, c.id);
    expect(e.status).toBe('completed');
    expect(e.steps.map((s) => [s.stepId, s.status, s.reason])).toEqual([
      ['hello', 'sent', null],
      ['tip', 'sent', null],
      ['offer', 'skipped', STEP_SKIP_REASONS.window],
    ]);

    // The job run again (a redo after a crash): nothing is sent twice, nothing more is recorded.
    await advanceEnrollment(t.app.database.pool, enrollmentId, { limits: sendLimitsFromConfig(t.app.config) });
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries(w, c.external_user_id)).toEqual(['Welcome aboard!', 'Tip: reply MENU any time']);
    const ledger = await q<{ n: number }>(`select count(*)::int as n from outbound_ledger where idempotency_key like $1`, [`sequence:${enrollmentId}:%`]);
    expect(ledger[0]!.n).toBe(2);
    expect((await w.client.get(`/api/sequences/${id}`)).data.counts).toEqual({ active: 0, completed: 1, stopped: 0, total: 1 });
    const funnel = (await w.client.get(`/api/sequences/${id}/funnel`)).data;
    expect(funnel).toEqual({
      enrolled: 1,
      steps: [
        { stepId: 'hello', sent: 1, skipped: 0, pending: 0, dropped: 0 },
        { stepId: 'tip', sent: 1, skipped: 0, pending: 0, dropped: 0 },
        { stepId: 'offer', sent: 0, skipped: 1, pending: 0, dropped: 0 },
      ],
    });
    // The contact panel's list; another workspace sees none of it.
    expect((await w.client.get(`/api/sequences/contacts/${c.id}`)).data.enrollments).toMatchObject([{ sequenceId: id, name: 'Welcome', status: 'completed' }]);
    const stranger = await newWorkspaceUser(t.baseUrl);
    expect((await stranger.client.get(`/api/sequences/contacts/${c.id}`)).data.enrollments).toEqual([]);
    // The Analytics card reads the same figures.
    expect((await w.client.get('/api/sequences/funnels')).data.sequences).toEqual([{ sequenceId: id, name: 'Welcome', funnel }]);
    // Completed: the contact may be enrolled afresh.
    expect((await w.client.post(`/api/sequences/${id}/enrollments`, { contactId: c.id })).status).toBe(201);
  });

  it('a redo after a crash (the job run again, here three times at once) sends a due step once', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const c = await contact(w, 'race', 1);
    const id = (await w.client.post('/api/sequences', { name: 'Race', steps: [step('a', 1, 'hours', 'Only once')] })).data.id as string;
    const enrollmentId = (await w.client.post(`/api/sequences/${id}/enrollments`, { contactId: c.id })).data.enrollmentId as string;
    await q(`update sequence_enrollments set enrolled_at = enrolled_at - interval '61 minutes' where id = $1`, [enrollmentId]);
    const limits = sendLimitsFromConfig(t.app.config);
    await Promise.all([1, 2, 3].map(() => advanceEnrollment(t.app.database.pool, enrollmentId, { limits })));
    await expect.poll(() => deliveries(w, c.external_user_id), { timeout: 20_000 }).toEqual(['Only once']);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries(w, c.external_user_id)).toEqual(['Only once']);
  });

  it('a reply stops it (when set), an opt-out stops it, unenrol stops it; a takeover skips the step; a suspended workspace sends nothing', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const two = [step('now', 0, 'minutes', 'First'), step('hour', 1, 'hours', 'Second')];
    const id = (await w.client.post('/api/sequences', { name: 'Stops', steps: two })).data.id as string;
    const enrol = async (contactId: string) => {
      const res = await w.client.post(`/api/sequences/${id}/enrollments`, { contactId });
      expect(res.status).toBe(201);
      return res.data.enrollmentId as string;
    };
    const dm = async (externalUserId: string, text: string) => {
      expect(
        (
          await w.client.post('/api/simulator/messages', {
            accountId: w.instagram.id,
            contact: { externalUserId, name: externalUserId, username: externalUserId },
            text,
          })
        ).status,
      ).toBe(202);
      await expect
        .poll(
          async () =>
            (
              await q<{ n: number }>(`select count(*)::int n from messages where workspace_id = $1 and content = $2 and direction = 'inbound'`, [
                w.user.workspaceId,
                text,
              ])
            )[0]!.n,
          {
            timeout: 20_000,
          },
        )
        .toBe(1);
    };

    // Reply.
    const replier = await contact(w, 'replier', 1);
    const e1 = await enrol(replier.id);
    await expect.poll(() => deliveries(w, replier.external_user_id), { timeout: 20_000 }).toEqual(['First']);
    await dm(replier.external_user_id, 'thanks, what next?');
    expect((await later(e1, HOUR)).again).toBeNull();
    let e = await enrolment(w, id, replier.id);
    expect(e).toMatchObject({ status: 'stopped', stopReason: STOP_REASONS.replied });
    expect(e.steps.map((s) => s.status)).toEqual(['sent', 'not_reached']);

    // Opt-out (STOP through the real inbound path).
    const quitter = await contact(w, 'quitter', 1);
    const e2 = await enrol(quitter.id);
    await expect.poll(() => deliveries(w, quitter.external_user_id), { timeout: 20_000 }).toContain('First');
    await dm(quitter.external_user_id, 'STOP');
    await expect.poll(async () => (await q<{ o: Date | null }>('select opted_out_at as o from contacts where id = $1', [quitter.id]))[0]!.o).not.toBeNull();
    await later(e2, HOUR);
    expect(await enrolment(w, id, quitter.id)).toMatchObject({ status: 'stopped', stopReason: STOP_REASONS.optedOut });
    expect(await deliveries(w, quitter.external_user_id)).not.toContain('Second');

    // Unenrol by the API: stopped, the due step is not sent.
    const leaver = await contact(w, 'leaver', 1);
    const e3 = await enrol(leaver.id);
    await expect.poll(() => deliveries(w, leaver.external_user_id), { timeout: 20_000 }).toEqual(['First']);
    expect((await w.client.delete(`/api/sequences/${id}/enrollments/${leaver.id}`)).status).toBe(204);
    expect((await w.client.delete(`/api/sequences/${id}/enrollments/${leaver.id}`)).status).toBe(404);
    await later(e3, HOUR);
    expect(await enrolment(w, id, leaver.id)).toMatchObject({ status: 'stopped', stopReason: STOP_REASONS.unenrolled });
    expect(await deliveries(w, leaver.external_user_id)).toEqual(['First']);

    // Takeover: the step due while a teammate handles the conversation is skipped with the reason; not sent.
    const held = await contact(w, 'held', 1);
    const e4 = await enrol(held.id);
    await expect.poll(() => deliveries(w, held.external_user_id), { timeout: 20_000 }).toEqual(['First']);
    await q(`update contacts set automation_paused_until = now() + interval '1 hour' where id = $1`, [held.id]);
    await later(e4, HOUR);
    e = await enrolment(w, id, held.id);
    expect(e.steps.map((s) => [s.status, s.reason])).toEqual([
      ['sent', null],
      ['skipped', STEP_SKIP_REASONS.paused],
    ]);

    // Suspended workspace (ADR 0042): nothing is sent; the job looks again later.
    const waiting = await contact(w, 'waiting', 1);
    await q(`update sequences set steps = $2::jsonb where id = $1`, [id, JSON.stringify([step('later', 1, 'hours', 'After the suspension')])]);
    const e5 = await enrol(waiting.id);
    await q('update workspaces set suspended_at = now() where id = $1', [w.user.workspaceId]);
    expect((await later(e5, 2 * HOUR)).again).not.toBeNull();
    expect(await deliveries(w, waiting.external_user_id)).toEqual([]);
    await q('update workspaces set suspended_at = null where id = $1', [w.user.workspaceId]);
    expect((await later(e5, 0)).again).toBeNull();
    await expect.poll(() => deliveries(w, waiting.external_user_id), { timeout: 20_000 }).toEqual(['After the suspension']);
  });

  it('enrols a contact when its tag is added (here by the public API), once; the trigger queues the catalogue’s sequence.step job', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const c = await contact(w, 'tagged', 1);
    const id = (await w.client.post('/api/sequences', { name: 'Tagged', enrollTag: 'new-fan', steps: [step('a', 1, 'hours', 'Hi, new fan')] })).data
      .id as string;
    const key = await makeApiKey(w, ['contacts:write']);
    const patch = (body: unknown) =>
      fetch(`${t.baseUrl}/api/v1/contacts/${c.id}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await patch({ addTags: ['other'] })).status).toBe(200);
    expect((await w.client.get(`/api/sequences/${id}/enrollments`)).data.enrollments).toEqual([]);
    expect((await patch({ addTags: ['new-fan'] })).status).toBe(200);
    // Added again (already there) and re-set: still one enrolment.
    expect((await patch({ tags: ['new-fan', 'vip'] })).status).toBe(200);
    const list = (await w.client.get(`/api/sequences/${id}/enrollments`)).data.enrollments as Enrollment[];
    expect(list.map((e) => [e.source, e.status])).toEqual([['tag', 'active']]);
    const [job] = await q<{ max_attempts: number; priority: number; key: string }>(
      `select max_attempts, priority, key from graphile_worker.jobs where task_identifier = 'sequence.step' and key = $1`,
      [`sequence:${list[0]!.id}`],
    );
    expect(job).toEqual({ max_attempts: jobs['sequence.step'].maxAttempts, priority: jobs['sequence.step'].priority, key: `sequence:${list[0]!.id}` });

    // The public API enrols and unenrols too (scope contacts:write).
    const other = await contact(w, 'v1fan', 1);
    const v1 = (method: string, path: string, body?: unknown) =>
      fetch(`${t.baseUrl}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await v1('POST', `/sequences/${id}/enrollments`, { contactId: other.id })).status).toBe(201);
    expect((await v1('POST', `/sequences/${id}/enrollments`, { contactId: other.id })).status).toBe(200);
    expect((await v1('DELETE', `/sequences/${id}/enrollments/${other.id}`)).status).toBe(204);
    expect((await v1('DELETE', `/sequences/${id}/enrollments/${other.id}`)).status).toBe(404);
  });

  it('the “3-day welcome sequence” template creates its sequence with the flow, and the started flow enrols whoever DMs “hi”', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const res = await w.client.post('/api/templates/welcome_sequence_3_day/activate', { platform: 'instagram' });
    expect(res.status).toBe(201);
    const flowId = res.data.flowId as string;
    const [seq] = (await w.client.get('/api/sequences')).data.sequences as { id: string; name: string; steps: unknown[]; stopOnReply: boolean }[];
    expect(seq).toMatchObject({ name: '3-day welcome', stopOnReply: false });
    expect(seq!.steps).toHaveLength(3);
    const flow = (await w.client.get(`/api/flows/${flowId}`)).data;
    const enrolStep = flow.flowData.nodes.find((n: { data: { kind: string } }) => n.data.kind === 'enrollSequence');
    expect(enrolStep.data.config).toEqual({ sequenceId: seq!.id, action: 'enroll' });
    expect((await w.client.put(`/api/flows/${flowId}`, { ...flow, isActive: true })).status).toBe(200);

    const fan = { externalUserId: 'tpl-fan', name: 'Tia Fan', username: 'tia.fan' };
    expect((await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: fan, text: 'hi' })).status).toBe(202);
    await expect.poll(async () => (await runsOf(w.client, flowId))[0]?.status, { timeout: 15_000 }).toBe('completed');
    const list = (await w.client.get(`/api/sequences/${seq!.id}/enrollments`)).data.enrollments as Enrollment[];
    expect(list.map((e) => [e.contactName, e.source, e.status, e.steps.map((s) => s.status).join()])).toEqual([
      ['Tia Fan', 'flow', 'active', 'pending,pending,pending'],
    ]);
  });

  it('a sequence of one account refuses another account’s contact; a turned-off sequence refuses enrolments', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const c = await contact(w, 'ig', 1);
    const fbOnly = (await w.client.post('/api/sequences', { name: 'Messenger', accountId: w.messenger.id, steps: threeSteps })).data.id as string;
    const res = await w.client.post(`/api/sequences/${fbOnly}/enrollments`, { contactId: c.id });
    expect(res.status).toBe(409);
    const off = (await w.client.post('/api/sequences', { name: 'Off', isActive: false, steps: threeSteps })).data.id as string;
    expect((await w.client.post(`/api/sequences/${off}/enrollments`, { contactId: c.id })).status).toBe(409);
  });
});
