import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

it('pages through conversations and messages with keyset cursors: every row once, in order, at any depth', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const { pool } = t.app.database;
  // 130 conversations, several sharing the same timestamp (ties broken by id), 230 messages in one.
  await pool.query(
    `with c as (
       insert into contacts (workspace_id, account_id, external_user_id, name)
       select $1, $2, 'p' || g, 'Person ' || g from generate_series(1, 130) g returning id, external_user_id, name
     )
     insert into conversations (workspace_id, account_id, contact_id, platform, customer_name, external_user_id, last_message, last_message_time)
     select $1, $2, c.id, 'facebook', c.name, c.external_user_id, 'hello ' || c.name,
            timestamptz '2026-01-01' + (substring(c.external_user_id from 2)::int / 3) * interval '1 second 123 microseconds'
     from c`,
    [w.user.workspaceId, w.messenger.id],
  );
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res = await w.client.get(`/api/conversations?limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.data.conversations.map((c: { id: string }) => c.id));
    cursor = res.data.nextCursor;
    pages++;
  } while (cursor);
  expect(pages).toBe(3);
  expect(new Set(seen).size).toBe(130);
  const times = (
    await pool.query('select id from conversations where workspace_id = $1 order by last_message_time desc, id desc', [w.user.workspaceId])
  ).rows.map((r: { id: string }) => r.id);
  expect(seen).toEqual(times);

  // Search: every word anywhere in the name ("12" in 112 too).
  const found = await w.client.get('/api/conversations?search=person%2012');
  expect(found.data.conversations.map((c: { customerName: string }) => c.customerName).sort()).toEqual(
    [
      'Person 112',
      'Person 12',
      'Person 120',
      'Person 121',
      'Person 122',
      'Person 123',
      'Person 124',
      'Person 125',
      'Person 126',
      'Person 127',
      'Person 128',
      'Person 129',
    ].sort(),
  );

  const convId = seen[0]!;
  await pool.query(
    `insert into messages (workspace_id, conversation_id, account_id, content, direction, source, created_at)
     select $1, $2, $3, 'm' || g, 'inbound', 'contact', timestamptz '2026-02-01' + (g / 2) * interval '1 millisecond'
     from generate_series(1, 230) g`,
    [w.user.workspaceId, convId, w.messenger.id],
  );
  const contents: string[] = [];
  let before: string | null = null;
  do {
    const res = await w.client.get(`/api/conversations/${convId}/messages?limit=100${before ? `&before=${before}` : ''}`);
    contents.unshift(...res.data.messages.map((m: { content: string }) => m.content));
    before = res.data.nextCursor;
  } while (before);
  expect(contents).toHaveLength(230);
  expect(new Set(contents).size).toBe(230);
  expect(contents.at(-1)).toBe('m230');
});
