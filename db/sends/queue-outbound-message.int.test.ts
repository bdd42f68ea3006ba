import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultSendLimits } from '../../contracts/inbound';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { newWorkspaceUser } from '../../tests/support/workspace';
import { withTransaction } from '../transaction';
import { ensureConversation } from '../inbox/ensure-conversation';
import { queueOutboundMessage, type OutboundMessage } from './queue-outbound-message';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ role: 'web' }); // no worker: the queued rows stay as written
});
afterAll(() => t.stop());

const pool = () => t.app.database.pool;
const conversation = async (id: string) =>
  (
    await pool().query<{ last_message: string | null; last_message_time: Date; updated_at: Date; customer_name: string }>(
      'select last_message, last_message_time, updated_at, customer_name from conversations where id = $1',
      [id],
    )
  ).rows[0]!;

it('a conversation with a newly queued message rises to the top of the inbox; a send whose key is taken leaves it where it was', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const workspaceId = w.user.workspaceId;
  const account = { workspaceId, accountId: w.instagram.id, platform: 'instagram' as const };
  const contactOf = async (externalUserId: string) =>
    (
      await pool().query<{ id: string }>('insert into contacts (workspace_id, account_id, external_user_id, name) values ($1, $2, $3, $3) returning id', [
        workspaceId,
        account.accountId,
        externalUserId,
      ])
    ).rows[0]!.id;
  const older = await ensureConversation(pool(), { ...account, contactId: await contactOf('older'), externalUserId: 'older', name: 'Older', username: null });
  const newer = await ensureConversation(pool(), { ...account, contactId: await contactOf('newer'), externalUserId: 'newer', name: 'Newer', username: null });
  await pool().query(`update conversations set last_message_time = now() - interval '1 hour', updated_at = now() - interval '1 hour' where id = $1`, [older]);
  const before = await conversation(older);

  // Looking a conversation up (another send, an inbound event) refreshes its display name and does not move it.
  const contactId = (await pool().query<{ contact_id: string }>('select contact_id from conversations where id = $1', [older])).rows[0]!.contact_id;
  expect(await ensureConversation(pool(), { ...account, contactId, externalUserId: 'older', name: 'Olive', username: null })).toBe(older);
  expect(await conversation(older)).toEqual({ ...before, customer_name: 'Olive' });

  const send: OutboundMessage = {
    workspaceId,
    accountId: account.accountId,
    conversationId: older,
    text: 'Here is the link',
    source: 'flow',
    kind: 'dm',
    target: 'older',
    idempotencyKey: `test:${older}`,
    limit: defaultSendLimits.dm,
    scheduleJob: false,
  };
  const queued = await withTransaction(pool(), (client) => queueOutboundMessage(client, send));
  expect(queued).toMatchObject({ ledgerId: expect.any(String), messageId: expect.any(String) });
  const after = await conversation(older);
  expect(after.last_message).toBe('Here is the link');
  expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  const top = await pool().query<{ id: string }>('select id from conversations where id in ($1, $2) order by last_message_time desc limit 1', [older, newer]);
  expect(top.rows[0]!.id).toBe(older);
  const message = await pool().query('select status, direction, source from messages where id = $1', [queued!.messageId]);
  expect(message.rows[0]).toEqual({ status: 'queued', direction: 'outbound', source: 'flow' });

  // The same key again: nothing written, the conversation stays as it was.
  const again = await withTransaction(pool(), (client) => queueOutboundMessage(client, { ...send, text: 'A second time' }));
  expect(again).toBeNull();
  expect(await conversation(older)).toEqual(after);
  const count = await pool().query<{ n: number }>('select count(*)::int as n from messages where conversation_id = $1', [older]);
  expect(count.rows[0]!.n).toBe(1);
  // The draft message written and deleted again under the taken key is not counted by the analytics rollup either.
  const rollup = await pool().query<{ out: number; queued: number }>(
    'select coalesce(sum(messages_out), 0)::int as out, coalesce(sum(dms_queued), 0)::int as queued from analytics_daily where workspace_id = $1',
    [workspaceId],
  );
  expect(rollup.rows[0]).toEqual({ out: 1, queued: 1 });
});
