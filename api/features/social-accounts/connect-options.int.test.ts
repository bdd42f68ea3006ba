import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

// A default install: no Meta, Instagram or X app. Nothing can connect, every Connect says so, and
// nobody is sent to /oauth-setup (an operator page). The configured case is in meta-connect.int.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'operator@example.com' } });
});
afterAll(() => t.stop());

describe('connecting on a server with no platform apps', () => {
  it('GET /api/connect-options: nothing connectable; only the operator is shown how to enable it', async () => {
    const anonymous = await new HttpClient(t.baseUrl).get('/api/connect-options');
    expect(anonymous.status).toBe(200);
    expect(anonymous.data).toEqual({ platforms: { instagram: false, facebook: false, twitter: false }, canEnable: false });
    const { client } = await newWorkspaceUser(t.baseUrl);
    expect((await client.get('/api/connect-options')).data.canEnable).toBe(false);
    const operator = new HttpClient(t.baseUrl);
    expect((await operator.post('/api/auth/register', { firstName: 'Op', email: 'operator@example.com', password: 'correct-horse-1' })).status).toBe(201);
    expect((await operator.get('/api/connect-options')).data.canEnable).toBe(true);
  });

  it.each([
    ['/oauth/facebook', 'facebook', 'Facebook Messenger'],
    ['/oauth/facebook/callback?code=x&state=y', 'facebook', 'Facebook Messenger'],
    ['/oauth/instagram', 'instagram', 'Instagram'],
    ['/oauth/instagram/callback?code=x&state=y', 'instagram', 'Instagram'],
    ['/oauth/twitter', 'twitter', 'X (Twitter)'],
  ])('%s sends the user back to Connect Accounts with the reason, not to /oauth-setup', async (path, platform, name) => {
    const { client } = await newWorkspaceUser(t.baseUrl);
    const res = await client.get(path);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '', t.baseUrl);
    expect(location.pathname).toBe('/connect-accounts');
    expect(location.searchParams.get('error')).toBe(platform);
    expect(location.searchParams.get('reason')).toBe(
      `${name} isn't enabled on this server yet: an administrator has to turn it on before accounts can connect. Meanwhile, try everything with the sandbox accounts in the Simulator.`,
    );
  });
});
