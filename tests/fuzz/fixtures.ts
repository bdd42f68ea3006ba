import { createHmac, randomUUID } from 'node:crypto';
import { metaSignature } from '../fakes/meta-graph.fake';
import { messagingWebhook } from '../fakes/meta-webhook-payloads';
import { edge, keywordTrigger, node, publishFlow } from '../support/flows';
import { HttpClient } from '../support/http-client';
import { fakePage, seedMetaAccounts } from '../support/meta-accounts';
import type { TestApp } from '../support/test-app';
import { maya } from '../support/workspace';

export const FUZZ_META_SECRET = 'fuzz-meta-app-secret';
export const FUZZ_X_SECRET = 'fuzz-x-client-secret';
/** What the fuzz app boots with: webhooks signable, platform hosts a closed port (nothing leaves). */
export const fuzzEnv = {
  FACEBOOK_APP_SECRET: FUZZ_META_SECRET,
  X_CLIENT_ID: 'fuzz-x-client',
  X_CLIENT_SECRET: FUZZ_X_SECRET,
  META_GRAPH_BASE_URL: 'http://127.0.0.1:9',
  INSTAGRAM_API_BASE_URL: 'http://127.0.0.1:9',
  X_API_BASE_URL: 'http://127.0.0.1:9',
};

const password = 'fuzz-owner-pass-2079';

/** A workspace with one of everything the routes take an id of: flow, run, rule, conversation, contact. */
export async function seedFuzzWorkspace(t: TestApp) {
  const email = `fuzz-${Date.now()}@example.com`;
  const client = new HttpClient(t.baseUrl);
  const reg = await client.post('/api/auth/register', { firstName: 'Fuzz', lastName: 'Owner', email, password });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${reg.text}`);
  const sim = (await client.get('/api/simulator')).data as { accounts: { id: string; platform: string }[]; posts: { accountId: string; externalId: string }[] };
  const ig = sim.accounts.find((a) => a.platform === 'instagram')!;
  const post = sim.posts.find((p) => p.accountId === ig.id)!;
  const graph = { nodes: [keywordTrigger(['fuzz']), node('2', 'instagramDM', { text: 'Hi {first_name}', quickReplies: ['Yes'] })], edges: [edge('1', '2')] };
  const flowId = await publishFlow(client, graph, 'Fuzz flow', 'instagram');
  const rule = await client.post('/api/comment-rules', {
    platform: 'instagram',
    keywords: ['price'],
    responseTemplate: 'Sent you a DM',
    automationType: 'all_posts',
  });
  if (rule.status >= 300) throw new Error(`rule: ${rule.status} ${rule.text}`);
  await client.post('/api/simulator/messages', { accountId: ig.id, contact: maya, text: 'fuzz please' });
  const conversationId = await poll(async () => (await client.get('/api/conversations')).data.conversations[0]?.id as string | undefined);
  const runId = await poll(async () => (await client.get(`/api/runs?flowId=${flowId}`)).data.runs[0]?.id as string | undefined);
  const contactId = await poll(async () => (await client.get(`/api/flows/${flowId}/test-contacts`)).data[0]?.id as string | undefined);
  const page = fakePage('fuzz');
  await seedMetaAccounts(t.app.database.pool, reg.data.user.workspaceId, page);

  const ids: Record<string, string> = { flows: flowId, runs: runId, conversations: conversationId, 'comment-rules': rule.data.id, 'social-accounts': ig.id };
  const contact = { externalUserId: 'sim-fuzz', name: 'Fuzz Contact', username: 'fuzz.contact' };
  // A draft (saved as is) and a publish (compiled first): a hostile config reaches different code.
  const flowBody = (isActive: boolean) => ({ name: 'Fuzz flow', description: 'd', platform: 'instagram', flowData: graph, isActive });
  const samples: Record<string, unknown> = {
    'POST /api/auth/register': { firstName: 'Fuzz', lastName: 'Reg', email: `fuzz-reg-${Date.now()}@example.com`, password },
    'POST /api/auth/login': { email, password },
    'POST /api/auth/test-login': { testUser: 'Demo Fuzz', username: 'demo', email: 'demo-fuzz@example.com' },
    'POST /api/newsletter/subscribe': { email: 'news-fuzz@example.com' },
    'POST /api/social-accounts/facebook/send-message': { pageId: '123', recipientId: '456', message: 'hi' },
    'POST /api/social-accounts/instagram/send-message': { pageId: '123', recipientId: '456', message: 'hi' },
    'POST /api/conversations/:id/messages': { content: 'hello', isFromUser: true },
    'PATCH /api/conversations/:id': { status: 'open', priority: 'high', tags: ['vip'], read: true },
    'POST /api/comment-rules': {
      platform: 'instagram',
      keywords: ['price'],
      responseTemplate: 'DM',
      publicReplyTemplate: 'Check DMs',
      isActive: true,
      automationType: 'specific_post',
      postUrl: 'https://instagram.com/p/x',
    },
    'PATCH /api/comment-rules/:id': { isActive: true, keywords: ['price'], responseTemplate: 'DM', publicReplyTemplate: 'x' },
    'POST /api/automation/comment-growth': { platform: 'instagram', postId: post.externalId, triggerKeywords: ['link'], responseTemplate: 'here' },
    'POST /api/simulator/comments': { accountId: ig.id, postId: post.externalId, contact, text: 'price?', commentId: 'c-fuzz' },
    'POST /api/simulator/messages': { accountId: ig.id, contact, text: 'hi', messageId: 'm-fuzz' },
    'PUT /api/simulator/follows': { accountId: ig.id, externalUserId: contact.externalUserId, follows: true },
    'POST /api/flows/validate': { flowData: graph, platform: 'instagram' },
    'POST /api/flows': flowBody(false),
    'PUT /api/flows/:id': flowBody(true),
    'POST /api/flows/:id/test-run': { contactId },
    'POST /api/webhooks/facebook/webhook': messagingWebhook('page', page.id, [
      { sender: '777', recipient: page.id, message: { mid: 'm_fuzz', text: 'hello' } },
    ]),
    'POST /api/webhooks/x': {
      for_user_id: '4242',
      direct_message_events: [
        {
          type: 'message_create',
          id: 'dm-fuzz',
          created_timestamp: '1',
          message_create: { target: { recipient_id: '4242' }, sender_id: '9', message_data: { text: 'hi' } },
        },
      ],
      users: { '9': { id: '9', screen_name: 'u9', name: 'U 9' } },
    },
  };
  return {
    email,
    /** A fresh signed-in session: some routes (logout, login, register) change the caller's session. */
    signIn: async () => {
      const c = new HttpClient(t.baseUrl);
      const res = await c.post('/api/auth/login', { email, password });
      if (res.status !== 200) throw new Error(`login: ${res.status} ${res.text}`);
      return c;
    },
    paramValue: (name: string, path: string) => {
      const owner = path.split('/')[path.split('/').indexOf(`:${name}`) - 1] ?? '';
      return ids[owner] ?? (name === 'pageId' ? page.id : randomUUID());
    },
    samples,
  };
}

/** Signature headers for the raw webhook routes, so fuzzed bodies get past the signature check. */
export function signatureHeaders(path: string, body: string): Record<string, string> {
  if (path === '/api/webhooks/facebook/webhook') return { 'x-hub-signature-256': metaSignature(body, FUZZ_META_SECRET) };
  if (path === '/api/webhooks/x')
    return { 'x-twitter-webhooks-signature-oauth2': `sha256=${createHmac('sha256', FUZZ_X_SECRET).update(body).digest('base64')}` };
  return {};
}

async function poll<T>(read: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('fuzz fixture: timed out waiting for seeded data');
    await new Promise((r) => setTimeout(r, 100));
  }
}
