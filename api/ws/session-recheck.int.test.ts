import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db';
import { connectDatabase, type Database } from '../../db/client';
import { endedSockets } from './session-recheck';

// The backstop behind the NOTIFY: a session that vanished while the listener was reconnecting.
let tdb: TestDatabase;
let database: Database;
beforeAll(async () => {
  tdb = await createTestDatabase();
  database = connectDatabase(tdb.url);
});
afterAll(async () => {
  await database.close();
  await tdb.drop();
});

it('finds the sockets whose session is gone, expired or now another user’s', async () => {
  const sess = (user: string) => JSON.stringify({ cookie: {}, passport: { user } });
  await database.pool.query(
    `insert into user_sessions (sid, sess, expire) values
       ('live', $1, now() + interval '1 day'), ('expired', $1, now() - interval '1 minute'), ('swapped', $2, now() + interval '1 day')`,
    [sess('u1'), sess('u2')],
  );
  const sock = (name: string) => ({ name }) as unknown as WebSocket;
  const [live, gone, expired, swapped] = [sock('live'), sock('gone'), sock('expired'), sock('swapped')];
  const owner = (sid: string) => ({ sid, userId: 'u1', workspaceId: 'w', role: 'owner' as const });
  const ended = await endedSockets(database.pool, [
    [live, owner('live')],
    [gone, owner('gone')],
    [expired, owner('expired')],
    [swapped, owner('swapped')],
  ]);
  expect(ended).toEqual([gone, expired, swapped]);
  expect(await endedSockets(database.pool, [])).toEqual([]);
});
