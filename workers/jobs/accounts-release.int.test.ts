import { describe, expect, it } from 'vitest';
import { startMetaGraphFake } from '../../tests/fakes/meta-graph.fake';
import { startXApiFake } from '../../tests/fakes/x-api.fake';
import { fakePage, seedMetaAccounts } from '../../tests/support/meta-accounts';
import { oauthRoundTrip } from '../../tests/support/oauth-round-trip';
import { useTestApp } from '../../tests/support/use-test-app';

// Deleting an account releases what it connected: its Facebook Pages are unsubscribed from our
// webhooks and its X grant is revoked, by a job queued in the deletion's own transaction.

const app = useTestApp({ fakes: { meta: startMetaGraphFake, x: startXApiFake } });

async function workspaceWithPageAndX(prefix: string) {
  const w = await app.signIn();
  const page = fakePage(prefix);
  app.fakes.meta.addPage(page);
  await seedMetaAccounts(app.pool, w.user.workspaceId, page);
  // As Facebook Login leaves it: the Page subscribed to our webhooks.
  const pageToken = page.accessToken;
  const sub = await fetch(`${app.fakes.meta.env.META_GRAPH_BASE_URL}/v23.0/${page.id}/subscribed_apps?subscribed_fields=messages&access_token=${pageToken}`, {
    method: 'POST',
  });
  expect(sub.status).toBe(200);
  expect(app.fakes.meta.subscriptions.has(page.id)).toBe(true);
  const xUser = { id: `77${Date.now()}`, username: `${prefix}x`, name: `${prefix} X` };
  app.fakes.x.signInAs(xUser);
  const { done } = await oauthRoundTrip(w.client, '/oauth/twitter');
  expect(done.headers.get('location')).toBe('/connect-accounts?connected=1');
  return { w, page, xUser };
}

describe('accounts.release after an account deletion', () => {
  it('unsubscribes the Pages and revokes the X grant, once the data is gone', async () => {
    const { w, page, xUser } = await workspaceWithPageAndX('release');
    const res = await w.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } });
    expect(res.status).toBe(200);
    expect((await app.pool.query('select 1 from social_accounts where workspace_id = $1', [w.user.workspaceId])).rowCount).toBe(0);
    await expect.poll(() => app.fakes.meta.subscriptions.has(page.id), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => app.fakes.x.revoked, { timeout: 10_000 }).toContainEqual({ userId: xUser.id, tokenKind: 'refresh_token' });
  });

  it('retries a Page the Graph API failed on, and counts a token Meta already refuses as released', async () => {
    const { w, page } = await workspaceWithPageAndX('retry');
    const other = fakePage('retry-gone');
    app.fakes.meta.addPage(other);
    await seedMetaAccounts(app.pool, w.user.workspaceId, other);
    // The first DELETE of the Page fails with a transient error; the other Page's token is invalid (190).
    app.fakes.meta.failNext(new RegExp(`^/${page.id}/subscribed_apps$`), {
      code: 2,
      message: 'An unexpected error has occurred. Please retry your request later.',
      httpStatus: 500,
    });
    app.fakes.meta.failNext(new RegExp(`^/${other.id}/subscribed_apps$`), { code: 190, message: 'Error validating access token', httpStatus: 400 }, 5);
    expect((await w.client.request('DELETE', '/api/account', { json: { confirmation: 'DELETE', password: 'secret12' } })).status).toBe(200);
    // Graphile retries a failed job after exp(attempts) seconds: the second attempt comes ~3 s later.
    await expect.poll(() => app.fakes.meta.subscriptions.has(page.id), { timeout: 20_000, interval: 250 }).toBe(false);
    // The job completes once its attempt has tried every account, a moment after that call reached the fake.
    const jobsLeft = async () =>
      (
        await app.pool.query<{ attempts: number; last_error: string | null }>(
          "select attempts, last_error from graphile_worker.jobs where task_identifier = 'accounts.release'",
        )
      ).rows;
    await expect.poll(jobsLeft, { timeout: 10_000, interval: 100 }).toEqual([]);
    // Two attempts, each trying both Pages: the refused one did not fail the job on its own.
    const deletes = (id: string) => app.fakes.meta.calls.filter((c) => c.method === 'DELETE' && c.path === `/${id}/subscribed_apps`).length;
    expect(deletes(page.id)).toBe(2);
    expect(deletes(other.id)).toBe(2);
  });
});
