import { describe, expect, it } from 'vitest';
import { STOP_REASONS, type Enrollment } from '../../../contracts/sequences';
import { messagingWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow, runsOf } from '../../../tests/support/flows';
import { useMetaApp } from '../../../tests/support/meta-app';

// The flow's Sequence step (contracts/flows/nodes/enroll-sequence.ts) through the real server, with
// Meta's Graph API as the contract fake: webhooks signed, sends checked against Meta's shapes.
const meta = useMetaApp({ TIMER_PUMP_INTERVAL_MS: '50' });

describe('the Sequence flow step', () => {
  it('a signed webhook delivered twice gives one run, one enrolment and one first-step DM; a second flow takes the contact out', async () => {
    const { w, igId } = await meta.connectedWorkspace('seqnode');
    const steps = [
      { id: 'now', offset: { amount: 0, unit: 'minutes' }, message: { text: 'Welcome to the course', quickReplies: ['Day 2 please'] } },
      { id: 'later', offset: { amount: 1, unit: 'days' }, message: { text: 'Day 2' } },
    ];
    const sequenceId = (await w.client.post('/api/sequences', { name: 'Course', steps })).data.id as string;
    const join = await publishFlow(
      w.client,
      {
        nodes: [keywordTrigger(['join']), node('2', 'enrollSequence', { sequenceId, action: 'enroll' }), node('3', 'complete')],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Join',
      'instagram',
    );
    const sender = 'igsid-seq-1';
    const body = messagingWebhook('instagram', igId, [{ sender, recipient: igId, message: { mid: 'mid_seq_1', text: 'join' } }]);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);
    expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);

    await expect.poll(async () => (await runsOf(w.client, join)).map((r) => r.status), { timeout: 15_000 }).toEqual(['completed']);
    const sent = () => meta.fake.sends.filter((s) => s.recipient === sender).map((s) => s.text);
    await expect.poll(sent, { timeout: 15_000 }).toEqual(['Welcome to the course']);
    const enrollments = async () => (await w.client.get(`/api/sequences/${sequenceId}/enrollments`)).data.enrollments as Enrollment[];
    const [e] = await enrollments();
    expect(e).toMatchObject({ status: 'active', source: 'flow' });
    expect(e!.steps.map((s) => s.status)).toEqual(['sent', 'pending']);
    expect(await enrollments()).toHaveLength(1);

    const leave = await publishFlow(
      w.client,
      {
        nodes: [keywordTrigger(['leave']), node('2', 'enrollSequence', { sequenceId, action: 'unenroll' }), node('3', 'complete')],
        edges: [edge('1', '2'), edge('2', '3')],
      },
      'Leave',
      'instagram',
    );
    const bye = messagingWebhook('instagram', igId, [{ sender, recipient: igId, message: { mid: 'mid_seq_2', text: 'leave' } }]);
    expect((await meta.fake.deliverWebhook(meta.hook, bye)).status).toBe(200);
    await expect.poll(async () => (await runsOf(w.client, leave)).map((r) => r.status), { timeout: 15_000 }).toEqual(['completed']);
    expect((await enrollments())[0]).toMatchObject({ status: 'stopped', stopReason: STOP_REASONS.unenrolled });
  });

  it('publishing refuses a Sequence step with no sequence chosen, in plain English', async () => {
    const { w } = await meta.connectedWorkspace('seqnode2');
    const res = await w.client.post('/api/flows', {
      name: 'Unfinished',
      platform: 'instagram',
      isActive: true,
      flowData: { nodes: [keywordTrigger(['x']), node('2', 'enrollSequence', { sequenceId: '', action: 'enroll' })], edges: [edge('1', '2')] },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toMatch(/Choose a sequence/);
  });
});
