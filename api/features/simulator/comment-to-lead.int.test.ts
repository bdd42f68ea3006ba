import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { maya, newWorkspaceUser } from '../../../tests/support/workspace';
import { leadScore } from '../../../workflows/lead-score';

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

  it('a lead the pipeline makes starts from the contact’s earlier comments, DMs, replies and clicks, scored by the same function', async () => {
    const w = await newWorkspaceUser(t.baseUrl);
    const { pool } = t.app.database;
    const gene = { externalUserId: 'sim-gene', name: 'Gene', username: 'gene' };
    const dm = (text: string) => w.client.post('/api/simulator/messages', { accountId: w.instagram.id, contact: gene, text });
    // No rule, no buying intent: a comment and a DM make no lead.
    await w.client.post('/api/simulator/comments', { accountId: w.instagram.id, postId: w.igPosts[0]!.externalId, contact: gene, text: 'nice colours' });
    await dm('Love your page!');
    await processed(w, 2);
    expect(await leadsOf(w)).toEqual([]);
    // We answer (an outbound message in the conversation), Gene replies, and clicks a link made for him.
    const ids = (
      await pool.query<{ contact_id: string; conversation_id: string }>(
        `select c.id as contact_id, v.id as conversation_id from contacts c join conversations v on v.contact_id = c.id
         where c.workspace_id = $1 and c.external_user_id = 'sim-gene'`,
        [w.user.workspaceId],
      )
    ).rows[0]!;
    await pool.query(
      `insert into messages (workspace_id, conversation_id, account_id, content, direction, source) values ($1, $2, $3, 'Thanks Gene!', 'outbound', 'inbox')`,
      [w.user.workspaceId, ids.conversation_id, w.instagram.id],
    );
    await dm('thanks!');
    await processed(w, 3);
    await pool.query(`insert into tracked_links (code, workspace_id, target_url, contact_id) values ('geneClick001', $1, 'https://shop.example.com', $2)`, [
      w.user.workspaceId,
      ids.contact_id,
    ]);
    expect((await fetch(`${t.baseUrl}/l/geneClick001`, { redirect: 'manual' })).status).toBe(302);
    expect(await leadsOf(w)).toEqual([]);

    // Buying intent makes the lead: it counts the comment, the three DMs (two after our answer) and the click.
    await dm('How much is the course?');
    await processed(w, 4);
    const { rows } = await pool.query<{ inbound_count: number; reply_count: number; link_clicks: number; last_activity_at: Date; score: number }>(
      'select inbound_count, reply_count, link_clicks, last_activity_at, score from leads where workspace_id = $1',
      [w.user.workspaceId],
    );
    expect(rows).toEqual([expect.objectContaining({ inbound_count: 4, reply_count: 2, link_clicks: 1 })]);
    const l = rows[0]!;
    expect(l.score).toBe(leadScore({ inboundMessages: 4, replies: 2, linkClicks: 1, lastActivityAt: l.last_activity_at }, new Date()));
    expect(l.score).toBeGreaterThan(leadScore({ inboundMessages: 1, replies: 1, linkClicks: 0, lastActivityAt: l.last_activity_at }, new Date()));
    expect((await leadsOf(w))[0]).toMatchObject({ name: 'Gene', source: 'instagram', score: l.score });

    // Afterwards each event adds one, as before.
    await dm('and the price for two?');
    await processed(w, 5);
    expect((await pool.query('select inbound_count, reply_count from leads where workspace_id = $1', [w.user.workspaceId])).rows).toEqual([
      { inbound_count: 5, reply_count: 3 },
    ]);
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
