import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMetaGraphFake, type MetaGraphFake } from '../../../tests/fakes/meta-graph.fake';
import { igCommentsWebhook } from '../../../tests/fakes/meta-webhook-payloads';
import { fakePage, seedMetaAccounts } from '../../../tests/support/meta-accounts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

/**
 * Meta sends one entry per POST at low volume: concurrent single-entry deliveries share a commit
 * (db/inbound/ingest-batcher.ts), and each is still answered 200 only once its event and job are
 * committed. Checked per delivery, at the moment its answer arrives; a redelivery is a no-op.
 */
let t: TestApp;
let fake: MetaGraphFake;
beforeAll(async () => {
  fake = await startMetaGraphFake();
  t = await startTestApp({ env: fake.env });
});
afterAll(async () => {
  await t.stop();
  await fake.stop();
});

it('40 concurrent one-comment deliveries: each 200 comes after its own event row is committed', async () => {
  const w = await newWorkspaceUser(t.baseUrl);
  const page = fakePage('group');
  await seedMetaAccounts(t.app.database.pool, w.user.workspaceId, page);
  const hook = `${t.baseUrl}/api/webhooks/facebook/webhook`;
  const ig = page.instagram!.id;
  const stored = async (id: string) =>
    (
      await t.app.database.pool.query<{ events: number }>(`select count(*)::int as events from inbound_events where provider = 'meta' and event_key = $1`, [
        `comment:${id}`,
      ])
    ).rows[0]!;

  const seen = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const id = `group-${Date.now()}-${i}`;
      const body = igCommentsWebhook(ig, [{ id, text: 'price?', from: { id: `fan-${i}`, username: `fan${i}` }, mediaId: 'media-1' }]);
      const res = await fake.deliverWebhook(hook, body);
      expect(res.status).toBe(200);
      // Read at once: the event row was committed before the answer (its job in the same statement,
      // db/inbound/ingest-batcher.int.test.ts counts those; the worker here may have run it already).
      return { id, events: (await stored(id)).events };
    }),
  );
  expect(seen.every((s) => s.events === 1)).toBe(true);

  // Meta redelivers: the same comment again is answered 200 and stored once.
  const again = seen[0]!;
  const body = igCommentsWebhook(ig, [{ id: again.id, text: 'price?', from: { id: 'fan-0', username: 'fan0' }, mediaId: 'media-1' }]);
  expect((await fake.deliverWebhook(hook, body)).status).toBe(200);
  expect((await stored(again.id)).events).toBe(1);
});
