import { describe, expect, it } from 'vitest';
import { igCommentsWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { useMetaApp } from '../../../tests/support/meta-app';

// Comment moderation (ADR 0052) through the real server, with Meta's Graph API as a contract fake
// (hide / delete endpoints, docs/platform-apis.md §2.14) and signed webhooks.
const meta = useMetaApp();

const settings = (over: Record<string, unknown> = {}) => ({
  enabled: true,
  keywords: ['free followers'],
  blockLinks: true,
  repeatLimit: 2,
  action: 'hide',
  ...over,
});

describe('Comment moderation', () => {
  it('a comment with a link is hidden once though Meta delivers it twice; no rule answers it; activity says so', async () => {
    const { w, igId, igAccountId } = await meta.connectedWorkspace('mod-hide');
    expect((await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['link'], responseTemplate: 'Here is the link' })).status).toBe(201);
    const saved = await w.client.put(`/api/social-accounts/${igAccountId}/moderation`, settings());
    expect(saved.status).toBe(200);
    expect(saved.data.settings).toMatchObject({ enabled: true, blockLinks: true, repeatLimit: 2, action: 'hide' });

    const spam = igCommentsWebhook(igId, [
      { id: '17900000000000701', text: 'link? cheap-likes.shop', from: { id: 'igsid-spam', username: 'spammer' }, mediaId: 'm1' },
    ]);
    const fan = igCommentsWebhook(igId, [{ id: '17900000000000702', text: 'link please', from: { id: 'igsid-fan', username: 'fan' }, mediaId: 'm1' }]);
    for (const body of [spam, spam, fan]) expect((await meta.fake.deliverWebhook(meta.hook, body)).status).toBe(200);

    await expect.poll(() => meta.fake.moderations.map((m) => `${m.action} ${m.commentId}`), { timeout: 15_000 }).toEqual(['hide 17900000000000701']);
    await expect
      .poll(() => meta.fake.sends.filter((s) => s.text === 'Here is the link').map((s) => s.recipient), { timeout: 15_000 })
      .toEqual(['17900000000000702']);
    const view = await w.client.get(`/api/social-accounts/${igAccountId}/moderation`);
    expect(view.data.recent).toEqual([
      expect.objectContaining({ commentId: '17900000000000701', author: '@spammer', status: 'done', reason: 'it contains a link' }),
    ]);
    const activity = await meta.pool.query<{ action: string }>(
      "select action from automation_activity where workspace_id = $1 and action like 'comment_%' order by created_at",
      [w.user.workspaceId],
    );
    expect(activity.rows.map((r) => r.action).filter((a) => a === 'comment_moderated' || a === 'comment_hidden')).toEqual([
      'comment_moderated',
      'comment_hidden',
    ]);
    // The change was audited.
    const audit = await w.client.get('/api/audit-log?action=moderation.changed');
    expect(audit.data.entries).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(meta.fake.moderations).toHaveLength(1);
  });

  it('the same text twice within the hour by one person: the second is deleted; a failing Graph call is retried', async () => {
    const { w, igId, igAccountId } = await meta.connectedWorkspace('mod-repeat');
    await w.client.put(`/api/social-accounts/${igAccountId}/moderation`, settings({ keywords: [], blockLinks: false, action: 'delete' }));
    const said = (id: string, who: string) => igCommentsWebhook(igId, [{ id, text: 'FIRST!!', from: { id: who, username: who }, mediaId: 'm2' }]);
    // Meta fails the first delete with a transient error (code 2): the job retries with backoff.
    meta.fake.failNext(/^\/17900000000000712$/, { code: 2, message: 'An unexpected error has occurred. Please retry your request later.', httpStatus: 500 });
    await meta.fake.deliverWebhook(meta.hook, said('17900000000000711', 'rep'));
    await meta.fake.deliverWebhook(meta.hook, said('17900000000000712', 'rep'));
    await meta.fake.deliverWebhook(meta.hook, said('17900000000000713', 'other'));
    await expect
      .poll(() => meta.fake.moderations.filter((m) => m.on !== '').map((m) => `${m.action} ${m.commentId}`), { timeout: 30_000 })
      .toContain('delete 17900000000000712');
    expect(meta.fake.moderations.map((m) => m.commentId)).not.toContain('17900000000000711');
    expect(meta.fake.moderations.map((m) => m.commentId)).not.toContain('17900000000000713');
    const row = await meta.pool.query<{ status: string; attempts: number; reason: string }>(
      'select status, attempts, reason from comment_moderations where platform_comment_id = $1',
      ['17900000000000712'],
    );
    expect(row.rows).toEqual([{ status: 'done', attempts: 2, reason: 'the same text 2 times within an hour' }]);
  });

  it('a permanent Graph error (a permission removed) is recorded as failed in the activity feed, not retried', async () => {
    const { w, page, igId, igAccountId } = await meta.connectedWorkspace('mod-fail');
    await w.client.put(`/api/social-accounts/${igAccountId}/moderation`, settings({ keywords: ['promo'] }));
    meta.fake.removePermission(page.id, 'instagram_manage_comments');
    await meta.fake.deliverWebhook(
      meta.hook,
      igCommentsWebhook(igId, [{ id: '17900000000000721', text: 'PROMO here', from: { id: 'igsid-p', username: 'p' }, mediaId: 'm3' }]),
    );
    await expect
      .poll(async () => (await w.client.get(`/api/social-accounts/${igAccountId}/moderation`)).data.recent.map((r: { status: string }) => r.status), {
        timeout: 15_000,
      })
      .toEqual(['failed']);
    const lines = await meta.pool.query<{ message: string }>(
      "select message from automation_activity where workspace_id = $1 and action = 'comment_moderation_failed'",
      [w.user.workspaceId],
    );
    expect(lines.rows).toEqual([{ message: expect.stringContaining('Could not hide the comment from @p: (#200) Requires instagram_manage_comments') }]);
  });

  it('refuses what it must: a bad body (400), another workspace’s account (404)', async () => {
    const a = await meta.connectedWorkspace('mod-a');
    const b = await meta.connectedWorkspace('mod-b');
    const bad = await a.w.client.put(`/api/social-accounts/${a.igAccountId}/moderation`, settings({ repeatLimit: 1, action: 'ban' }));
    expect(bad.status).toBe(400);
    expect((bad.data.details as Array<{ path: string }>).map((d) => d.path)).toEqual(expect.arrayContaining(['repeatLimit', 'action']));
    expect((await b.w.client.get(`/api/social-accounts/${a.igAccountId}/moderation`)).status).toBe(404);
    expect((await b.w.client.put(`/api/social-accounts/${a.igAccountId}/moderation`, settings())).status).toBe(404);
  });
});
