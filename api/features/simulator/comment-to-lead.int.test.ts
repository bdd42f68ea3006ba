import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

type W = Awaited<ReturnType<typeof newWorkspaceUser>>;
const leadsOf = async (w: W) =>
  (await w.client.get('/api/leads')).data.leads as {
    name: string;
    socialHandle: string;
    source: string;
    score: number;
    conversationId: string | null;
    contactId: string;
  }[];
const processed = (w: W, n: number) =>
  expect
    .poll(
      async () =>
        (
          await t.app.database.pool.query('select count(*)::int as n from inbound_events where workspace_id = $1 and processed_at is not null', [
            w.user.workspaceId,
          ])
        ).rows[0].n,
      {
        timeout: 10_000,
      },
    )
    .toBe(n);

describe('leads made by the inbound pipeline', () => {
  it('a comment that fires a rule makes one lead for its contact, linked to the conversation; more activity raises its score', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['guide'], responseTemplate: 'Here is the guide' });
    const comment = (text: string, commentId: string) =>
      w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: w.igPosts[0]!.externalId, contact: maya, text, commentId });
    await comment('guide please', 'c1');
    await comment('guide please', 'c1'); // the platform retrying: one event
    await processed(w, 1);
    let leads = await leadsOf(w);
    expect(leads).toHaveLength(1);
    const conversations = (await w.client.get('/api/conversations')).data.conversations;
    expect(leads[0]).toMatchObject({ name: 'Maya Chen', socialHandle: '@maya.creates', source: 'instagram', score: 18, conversationId: conversations[0].id });

    // Another comment (no rule, no intent) and a DM reply from the same contact: same lead, higher score.
    await comment('nice colours', 'c2');
    await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'thanks!', messageId: 'm1' });
    await w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: maya, text: 'thanks!', messageId: 'm1' });
    await processed(w, 3);
    leads = await leadsOf(w);
    expect(leads).toHaveLength(1);
    // 3 inbound × 8 + 1 reply (the DM answers our private reply) × 10 + recency 10.
    expect(leads[0]!.score).toBe(44);
    const { rows } = await t.app.database.pool.query('select inbound_count, reply_count from leads where workspace_id = $1', [w.user.workspaceId]);
    expect(rows).toEqual([{ inbound_count: 3, reply_count: 1 }]);
  });

  it('a DM with buying intent makes a lead; a general one does not', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const dm = (externalUserId: string, name: string, text: string) =>
      w.client.post('/api/simulator/messages', { accountId: w.messenger.id, contact: { externalUserId, name, username: name.toLowerCase() }, text });
    await dm('sim-gen', 'Gene', 'Love your page!');
    await dm('sim-buy', 'Bianca', 'How much is the course?');
    await processed(w, 2);
    const leads = await leadsOf(w);
    expect(leads.map((l) => [l.name, l.source])).toEqual([['Bianca', 'facebook']]);
    expect(leads[0]!.conversationId).not.toBeNull();
    const activity = (await w.client.get('/api/automation/activity')).data.activities.map((a: { intent: string }) => a.intent).sort();
    expect(activity).toEqual(['general', 'pricing']);
    // The inbox link: the lead's conversation is Bianca's.
    const conv = (await w.client.get(`/api/conversations/${leads[0]!.conversationId}`)).data;
    expect(conv.customerName).toBe('Bianca');
  });
});
