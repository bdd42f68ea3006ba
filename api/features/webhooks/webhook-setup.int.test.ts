import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../../../tests/support/http-client';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { newWorkspaceUser } from '../../../tests/support/workspace';

let t: TestApp;
const admin = `operator-${Date.now()}@example.com`;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: ` ${admin.toUpperCase()} , someone@else.example`, META_WEBHOOK_VERIFY_TOKEN: 'instance-wide-token' } });
});
afterAll(() => t.stop());

describe('GET /api/webhooks/facebook/setup (the verify token is the instance operator’s)', () => {
  it('shows the app-wide verify token to the operators in ADMIN_EMAILS only', async () => {
    const op = new HttpClient(t.baseUrl);
    expect((await op.post('/api/auth/register', { firstName: 'Op', email: admin, password: 'Tr0ub4dor&3-horse' })).status).toBe(201);
    const mine = await op.get('/api/webhooks/facebook/setup');
    expect(mine.data).toMatchObject({ verifyToken: 'instance-wide-token', callbackUrl: expect.stringContaining('/api/webhooks/facebook/webhook') });

    const tenant = await newWorkspaceUser(t.baseUrl);
    const theirs = await tenant.client.get('/api/webhooks/facebook/setup');
    expect(theirs.status).toBe(200);
    expect(theirs.data.verifyToken).toBeNull();
    expect(theirs.data.callbackUrl).toBe(mine.data.callbackUrl);

    const demo = new HttpClient(t.baseUrl);
    await demo.post('/api/auth/test-login', {});
    expect((await demo.get('/api/webhooks/facebook/setup')).data.verifyToken).toBeNull();
  });
});
