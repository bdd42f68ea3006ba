import { describe, expect, it } from 'vitest';
import { igCommentsWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { useMetaApp } from '../../../tests/support/meta-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

const meta = useMetaApp({ PRIVATE_REPLIES_PER_HOUR: '1000000', SEND_RETRY_BASE_MS: '300' });

const pool = () => meta.pool;
const ledgerOf = async (accountId: string) =>
  (
    await pool().query(
      'select id, status, failure_reason, retry_of, dismissed_at, dismiss_note from outbound_ledger where account_id = $1 order by created_at',
      [accountId],
    )
  ).rows;

/** A workspace with a connected Instagram account and a "link" rule; `comment()` delivers one matching comment by webhook. */
async function account(prefix: string) {
  const { w, page, igAccountId } = await meta.connectedWorkspace(prefix);
  await w.client.post('/api/comment-rules', { platform: 'instagram', keywords: ['link'], responseTemplate: 'Here you go: example.com' });
  let n = 0;
  const comment = async () => {
    n += 1;
    const commentId = `c-${prefix}-${n}-${Date.now()}`;
    await meta.fake.deliverWebhook(
      meta.hook,
      igCommentsWebhook(page.instagram!.id, [{ id: commentId, text: 'link?', from: { id: `igsid-${prefix}-${n}`, username: `${prefix}${n}` }, mediaId: 'm1' }]),
    );
    return commentId;
  };
  return { w, page, accountId: igAccountId, comment };
}

const failedCount = async (accountId: string, n: number) =>
  expect.poll(async () => (await ledgerOf(accountId)).filter((r) => r.status === 'failed').length, { timeout: 15_000, interval: 50 }).toBe(n);

describe('Failed sends', () => {
  it('lists each failure class with its reason, contact and source, grouped by reason and account', async () => {
    const a = await account('classes');
    const cases: [Record<string, number>, string][] = [
      [{ code: 10, subcode: 2018278 }, 'window_closed'],
      [{ code: 551 }, 'recipient_unavailable'],
      [{ code: 200 }, 'permission_removed'],
      [{ code: 1 }, 'uncertain'],
    ];
    for (const [i, [err]] of cases.entries()) {
      meta.fake.failNext(new RegExp(`^/${a.page.id}/messages$`), err as { code: number });
      await a.comment();
      await failedCount(a.accountId, i + 1);
    }
    const list = (await a.w.client.get('/api/failed-sends')).data;
    expect(list.total).toBe(4);
    expect(list.items.map((s: { reason: string }) => s.reason).sort()).toEqual(cases.map(([, r]) => r).sort());
    for (const item of list.items) {
      expect(item).toMatchObject({
        accountId: a.accountId,
        account: expect.stringMatching(/^Instagram @/),
        source: 'rule',
        kind: 'private_reply',
        attempts: 1,
      });
      expect(item.contact).toMatch(/^classes\d$/);
      expect(item.error).toBeTruthy();
    }
    expect(list.groups).toHaveLength(4);
    const filtered = (await a.w.client.get('/api/failed-sends?reason=window_closed')).data;
    expect(filtered.items).toHaveLength(1);
    expect(filtered.items[0].reasonLabel).toBe('Messaging window closed');
    expect((await a.w.client.get('/api/failed-sends?reason=nope')).status).toBe(400);
    expect((await a.w.client.get('/api/failed-sends/count')).data).toEqual({ failedSends: 4 });

    // An uncertain send may have been delivered: its check with Meta waits for the timed-out call to
    // settle, and until it says "not found" a retry must be confirmed (400 without confirmDuplicateRisk).
    const uncertain = list.items.find((s: { reason: string }) => s.reason === 'uncertain');
    expect(uncertain).toMatchObject({ deliveryCheck: 'pending', duplicateRisk: true });
    const retried = await a.w.client.post('/api/failed-sends/retry', { ids: [uncertain.id] });
    expect(retried.status).toBe(400);
    expect(retried.data).toMatchObject({
      error: expect.stringMatching(/may already have been delivered; retrying may send it twice/),
      details: { duplicateRisk: [uncertain.id] },
    });
  });

  it('permission removed → failed; retry after reconnect delivers once and links the new attempt to the original', async () => {
    const a = await account('perm');
    meta.fake.removePermission(a.page.id, 'instagram_manage_messages');
    const commentId = await a.comment();
    await failedCount(a.accountId, 1);
    const [item] = (await a.w.client.get('/api/failed-sends')).data.items;
    expect(item.reason).toBe('permission_removed');
    expect(meta.fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(0);

    meta.fake.restorePermission(a.page.id, 'instagram_manage_messages');
    const res = await a.w.client.post('/api/failed-sends/retry', { ids: [item.id] });
    expect(res.status).toBe(200);
    expect(res.data.results).toEqual([{ id: item.id, status: 'queued', retryId: expect.any(String) }]);
    // A double click queues nothing more.
    expect((await a.w.client.post('/api/failed-sends/retry', { ids: [item.id] })).status).toBe(404);
    await expect.poll(async () => (await ledgerOf(a.accountId)).map((r) => r.status), { timeout: 15_000 }).toEqual(['failed', 'sent']);
    const [original, retry] = await ledgerOf(a.accountId);
    expect(retry).toMatchObject({ id: res.data.results[0].retryId, retry_of: original.id });
    expect(original).toMatchObject({ status: 'failed', failure_reason: 'permission_removed' });
    expect(meta.fake.sends.filter((s) => s.recipient === commentId)).toHaveLength(1);
    expect((await a.w.client.get('/api/failed-sends')).data.total).toBe(0);
  });

  it('a token the platform rejected is not retried until the account is reconnected', async () => {
    const a = await account('token');
    meta.fake.failNext(new RegExp(`^/${a.page.id}/messages$`), { code: 190 });
    await a.comment();
    await failedCount(a.accountId, 1);
    const [item] = (await a.w.client.get('/api/failed-sends')).data.items;
    expect(item.reason).toBe('account_disconnected');
    const res = await a.w.client.post('/api/failed-sends/retry', { ids: [item.id] });
    expect(res.data.results).toEqual([{ id: item.id, status: 'skipped', reason: 'The account needs reconnecting first' }]);
    expect(await ledgerOf(a.accountId)).toHaveLength(1);
  });

  it('dismiss records the note and hides the send; another workspace gets 404', async () => {
    const a = await account('dismiss');
    meta.fake.failNext(new RegExp(`^/${a.page.id}/messages$`), { code: 551 });
    await a.comment();
    await failedCount(a.accountId, 1);
    const [item] = (await a.w.client.get('/api/failed-sends')).data.items;

    const other = await newWorkspaceUser(meta.t.baseUrl);
    expect((await other.client.get('/api/failed-sends')).data.total).toBe(0);
    expect((await other.client.post('/api/failed-sends/retry', { ids: [item.id] })).status).toBe(404);
    expect((await other.client.post('/api/failed-sends/dismiss', { ids: [item.id], note: 'mine now' })).status).toBe(404);

    expect((await a.w.client.post('/api/failed-sends/dismiss', { ids: [item.id], note: '' })).status).toBe(400);
    const res = await a.w.client.post('/api/failed-sends/dismiss', { ids: [item.id], note: 'Blocked us; nothing to do' });
    expect(res.data).toEqual({ dismissed: [item.id] });
    const [row] = await ledgerOf(a.accountId);
    expect(row).toMatchObject({ status: 'failed', dismiss_note: 'Blocked us; nothing to do', dismissed_at: expect.any(Date) });
    expect((await a.w.client.get('/api/failed-sends')).data.total).toBe(0);
  });

  it('notifies the bell once when an account passes the threshold', async () => {
    const a = await account('bell');
    meta.fake.failNext(new RegExp(`^/${a.page.id}/messages$`), { code: 551 }, 5);
    for (let i = 1; i <= 5; i++) {
      await a.comment();
      await failedCount(a.accountId, i);
    }
    const notes = (await a.w.client.get('/api/notifications')).data.notifications.filter((n: { kind: string }) => n.kind === 'failed_sends');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ link: '/failed-sends', title: expect.stringMatching(/^Sends are failing on Instagram @/) });
  });
});
