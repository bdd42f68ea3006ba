import pg from 'pg';
import { expect, it } from 'vitest';
import { expectCommitsAsynchronously } from '../tests/support/async-commit';
import { useTestPool } from '../tests/support/test-db';
import { EVENTS_CHANNEL, notifyAfterCommit, workspaceNotice } from './notify';

const { pool, url } = await useTestPool({ max: 2 });

it('notifyAfterCommit sends its notices in order, committed with synchronous_commit off for its own transaction only', async () => {
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const heard: string[] = [];
  listener.on('notification', (n) => heard.push(`${n.channel} ${n.payload ?? ''}`));
  await listener.query(`listen ${EVENTS_CHANNEL}; listen "jobs:insert"`);
  try {
    const ws = '7d0c4a52-5a3e-4c1e-9d55-0c6f8e2b1a01';
    await notifyAfterCommit(pool, [
      workspaceNotice(ws, { type: 'message.created', conversationId: 'c1', messageId: 'm1' }),
      { channel: 'jobs:insert', payload: '{"count":2}' },
      workspaceNotice(ws, { type: 'message.updated', conversationId: 'c1', messageId: 'm1' }),
    ]);
    await expect.poll(() => heard.length).toBe(3);
    expect(heard).toEqual([
      `${EVENTS_CHANNEL} {"workspaceId":"${ws}","event":{"type":"message.created","conversationId":"c1","messageId":"m1"}}`,
      'jobs:insert {"count":2}',
      `${EVENTS_CHANNEL} {"workspaceId":"${ws}","event":{"type":"message.updated","conversationId":"c1","messageId":"m1"}}`,
    ]);

    await expectCommitsAsynchronously(pool, (db) => notifyAfterCommit(db, [{ channel: 'jobs:insert', payload: '{"count":1}' }]));
    // A rolled-back transaction's notices are never delivered.
    await listener.query('select 1');
    expect(heard).toHaveLength(3);
  } finally {
    await listener.end();
  }
});
