import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Contract fake of the X API v2 as Replypilot uses it (docs/platform-apis.md §4):
 * OAuth 2.0 Authorization Code + PKCE (the authorize page consents at once; the token endpoint
 * checks Basic client auth, the S256 verifier, single-use codes, and rotates refresh tokens),
 * `/2/users/me`, DMs (`/2/dm_conversations/with/:id/messages`) and replies (`/2/tweets`) that
 * record calls, the 1:1 DM history those DMs make (`/2/dm_conversations/with/:id/dm_events`), 429 with `x-rate-limit-reset` and 401 injection, latency, the V2 Webhooks API
 * (`/2/webhooks` with the app Bearer; registering runs a real CRC against our server), Account
 * Activity subscriptions with the user's token, and webhook delivery signed like X
 * (`X-Twitter-Webhooks-Signature-OAuth2`, base64 HMAC of the body).
 * Test infrastructure only; no production default points at it.
 */
export interface FakeXUser {
  id: string;
  username: string;
  name: string;
}
export interface XSend {
  kind: 'dm' | 'reply';
  from: string;
  to: string;
  text: string;
  id: string;
  /** When X accepted it (a DM event's `created_at`). */
  at: Date;
}
export interface XWebhook {
  id: string;
  url: string;
  valid: boolean;
  created_at: string;
}
export interface XApiFake {
  url: string;
  client: { id: string; secret: string };
  /** The app-only Bearer token (X_BEARER_TOKEN) `/2/webhooks` accepts. */
  appBearer: string;
  /** Registered webhooks (`POST /2/webhooks` ran a CRC against each). */
  webhooks: XWebhook[];
  /** Account Activity subscriptions: user ids per webhook id. */
  subscriptions: Map<string, Set<string>>;
  env: Record<string, string>;
  signInAs(user: FakeXUser): void;
  calls: { method: string; path: string; query: Record<string, string>; token: string | null; body: Record<string, unknown> }[];
  sends: XSend[];
  /**
   * The next `times` API calls whose path matches answer with this status (a 429 carries
   * `x-rate-limit-reset` `resetAfterS` seconds ahead, 1 unless told).
   */
  failNext(path: RegExp, status: 401 | 403 | 429 | 500, times?: number, resetAfterS?: number): void;
  /** Access tokens issued so far expire now (the refresh token still works). */
  expireAccessTokens(): void;
  /** The user removed the app in X's settings: their access and refresh tokens stop working. */
  revokeApp(userId: string): void;
  /** Grants ended through `POST /2/oauth2/revoke`, with the token kind the caller named. */
  revoked: { userId: string; tokenKind: string }[];
  setLatency(ms: number): void;
  deliverWebhook(targetUrl: string, body: unknown, opts?: { secret?: string; unsigned?: boolean }): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

export function xSignature(raw: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`;
}

export async function startXApiFake(): Promise<XApiFake> {
  const client = { id: 'fake-x-client', secret: 'fake-x-client-secret' };
  const appBearer = 'fake-x-app-bearer';
  const webhooks: XWebhook[] = [];
  const subscriptions = new Map<string, Set<string>>();
  let signedIn: FakeXUser | undefined;
  let latency = 0;
  const codes = new Map<string, { user: FakeXUser; redirectUri: string; challenge: string }>();
  const access = new Map<string, { user: FakeXUser; expired: boolean }>();
  const refresh = new Map<string, FakeXUser>();
  const calls: XApiFake['calls'] = [];
  const sends: XSend[] = [];
  const revoked: XApiFake['revoked'] = [];
  const failures: { path: RegExp; status: number; times: number; resetAfterS: number }[] = [];
  const rid = () => randomBytes(9).toString('hex');

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const issue = (user: FakeXUser) => {
    const at = `xat-${rid()}`;
    const rt = `xrt-${rid()}`;
    access.set(at, { user, expired: false });
    refresh.set(rt, user);
    return {
      token_type: 'bearer',
      expires_in: 7200,
      access_token: at,
      refresh_token: rt,
      scope: 'dm.read dm.write tweet.read tweet.write users.read offline.access',
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let raw = '';
    for await (const chunk of req) raw += (chunk as Buffer).toString();
    const body: Record<string, unknown> = req.headers['content-type']?.includes('json')
      ? (JSON.parse(raw || '{}') as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(raw));
    const token = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : null;
    calls.push({ method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), token, body });
    if (latency) await new Promise((r) => setTimeout(r, latency));

    if (req.method === 'GET' && url.pathname === '/i/oauth2/authorize') {
      const q = Object.fromEntries(url.searchParams);
      if (q.client_id !== client.id || q.code_challenge_method !== 'S256' || !q.code_challenge || !q.redirect_uri || !signedIn)
        return json(res, 400, { error: 'invalid_request' });
      const code = `xcode-${rid()}`;
      codes.set(code, { user: signedIn, redirectUri: q.redirect_uri, challenge: q.code_challenge });
      const back = new URL(q.redirect_uri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.state ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/2/oauth2/token') {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (basic !== `${client.id}:${client.secret}`) return json(res, 401, { error: 'unauthorized_client' });
      if (body.grant_type === 'authorization_code') {
        const grant = codes.get(String(body.code));
        const verifierOk =
          grant &&
          createHash('sha256')
            .update(String(body.code_verifier ?? ''))
            .digest('base64url') === grant.challenge;
        if (!grant || !verifierOk || grant.redirectUri !== body.redirect_uri)
          return json(res, 400, { error: 'invalid_request', error_description: 'Value passed for the authorization code was invalid.' });
        codes.delete(String(body.code));
        return json(res, 200, issue(grant.user));
      }
      if (body.grant_type === 'refresh_token') {
        const user = refresh.get(String(body.refresh_token));
        if (!user) return json(res, 400, { error: 'invalid_request', error_description: 'Value passed for the token was invalid.' });
        refresh.delete(String(body.refresh_token)); // refresh tokens rotate
        return json(res, 200, issue(user));
      }
      return json(res, 400, { error: 'unsupported_grant_type' });
    }

    const injected = failures.find((f) => f.times > 0 && f.path.test(url.pathname));
    if (injected) {
      injected.times -= 1;
      const reset = String(Math.ceil(Date.now() / 1000) + injected.resetAfterS);
      const bodies: Record<number, unknown> = {
        429: { errors: [{ code: 88, message: 'Rate limit exceeded' }], title: 'Too Many Requests', detail: 'Too Many Requests' },
        401: { title: 'Unauthorized', detail: 'Unauthorized', status: 401 },
        403: { title: 'Forbidden', detail: 'You are not allowed to send a message to this user.', status: 403 },
        500: { title: 'Internal Error', status: 500 },
      };
      return json(res, injected.status, bodies[injected.status], injected.status === 429 ? { 'x-rate-limit-reset': reset, 'x-rate-limit-remaining': '0' } : {});
    }
    // Revoke (§4.1, RFC 7009): a refresh token ends the grant and its access tokens; an unknown
    // token is answered the same way.
    if (req.method === 'POST' && url.pathname === '/2/oauth2/revoke') {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (basic !== `${client.id}:${client.secret}`) return json(res, 401, { error: 'unauthorized_client' });
      const t = String(body.token ?? '');
      const user = refresh.get(t) ?? access.get(t)?.user;
      if (user) {
        revoked.push({ userId: user.id, tokenKind: String(body.token_type_hint ?? '') });
        for (const s of access.values()) if (s.user.id === user.id) s.expired = true;
        for (const [rt, u] of refresh) if (u.id === user.id) refresh.delete(rt);
      }
      return json(res, 200, { revoked: true });
    }
    // V2 Webhooks API with the app-only Bearer: registering runs a CRC against the URL at once (§4.4).
    if (url.pathname === '/2/webhooks') {
      if (token !== appBearer)
        return json(res, 403, {
          title: 'Unsupported Authentication',
          detail: 'Authenticating with OAuth 2.0 User Context is forbidden for this endpoint.',
          status: 403,
        });
      if (req.method === 'GET') return json(res, 200, { data: webhooks, meta: { result_count: webhooks.length } });
      if (req.method === 'POST') {
        const target = String(body.url ?? '');
        const crc = rid();
        let valid = false;
        try {
          const answer = (await (await fetch(`${target}?crc_token=${crc}`)).json()) as { response_token?: string };
          valid = answer.response_token === `sha256=${createHmac('sha256', client.secret).update(crc).digest('base64')}`;
        } catch {
          valid = false;
        }
        if (!valid)
          return json(res, 400, { title: 'Invalid Request', detail: 'CRC validation failed: the webhook did not answer the challenge correctly', status: 400 });
        const hook = { id: `${Date.now()}${webhooks.length}`, url: target, valid: true, created_at: new Date().toISOString() };
        webhooks.push(hook);
        return json(res, 200, { data: hook });
      }
    }

    const session = token ? access.get(token) : undefined;
    if (!session || session.expired) return json(res, 401, { title: 'Unauthorized', detail: 'Unauthorized', status: 401 });

    const subscribe = url.pathname.match(/^\/2\/account_activity\/webhooks\/([^/]+)\/subscriptions\/all$/);
    if (req.method === 'POST' && subscribe) {
      if (!webhooks.some((w) => w.id === subscribe[1])) return json(res, 404, { title: 'Not Found', detail: 'Webhook not found', status: 404 });
      const users = subscriptions.get(subscribe[1]!) ?? new Set<string>();
      users.add(session.user.id);
      subscriptions.set(subscribe[1]!, users);
      return json(res, 200, { data: { subscribed: true } });
    }

    if (req.method === 'GET' && url.pathname === '/2/users/me') return json(res, 200, { data: session.user });
    const dm = url.pathname.match(/^\/2\/dm_conversations\/with\/([^/]+)\/messages$/);
    if (req.method === 'POST' && dm) {
      const text = String(body.text ?? '');
      if (!text) return json(res, 400, { title: 'Invalid Request', detail: 'text or attachments required' });
      const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      sends.push({ kind: 'dm', from: session.user.id, to: dm[1]!, text, id, at: new Date() });
      const [a, b] = [session.user.id, dm[1]!].sort();
      return json(res, 201, { data: { dm_conversation_id: `${a}-${b}`, dm_event_id: id } });
    }
    // 1:1 DM history (§4.2): the DMs between the user and the participant, newest first, a page of
    // `max_results` (default 100) from `pagination_token`. Each event has X's default fields (id,
    // event_type, text) plus only those `dm_event.fields` asks for; no `data` when nothing matched.
    const history = url.pathname.match(/^\/2\/dm_conversations\/with\/([^/]+)\/dm_events$/);
    if (req.method === 'GET' && history) {
      const q = url.searchParams;
      const types = (q.get('event_types') ?? 'MessageCreate').split(',');
      // Only messages are recorded here: a thread has no join or leave events.
      const between = (types.includes('MessageCreate') ? sends : [])
        .filter((x) => x.kind === 'dm' && ((x.from === session.user.id && x.to === history[1]) || (x.from === history[1] && x.to === session.user.id)))
        .sort((a, b) => b.at.getTime() - a.at.getTime());
      const max = Number(q.get('max_results') ?? 100);
      if (!Number.isInteger(max) || max < 1 || max > 100)
        return json(res, 400, { title: 'Invalid Request', detail: 'The `max_results` query parameter value is not between 1 and 100', status: 400 });
      const from = q.has('pagination_token') ? Number(Buffer.from(q.get('pagination_token')!, 'base64url').toString()) : 0;
      const fields = new Set((q.get('dm_event.fields') ?? '').split(',').filter(Boolean));
      const [a, b] = [session.user.id, history[1]!].sort();
      const page = between.slice(from, from + max);
      const data = page.map((x) => ({
        id: x.id,
        event_type: 'MessageCreate',
        // X wraps every link in a DM with t.co: the text read back is not the text sent.
        text: x.text.replace(/https?:\/\/\S+/g, (link) => `https://t.co/${createHash('sha256').update(link).digest('hex').slice(0, 10)}`),
        ...(fields.has('sender_id') ? { sender_id: x.from } : {}),
        ...(fields.has('created_at') ? { created_at: x.at.toISOString() } : {}),
        ...(fields.has('dm_conversation_id') ? { dm_conversation_id: `${a}-${b}` } : {}),
      }));
      const next = from + max < between.length ? { next_token: Buffer.from(String(from + max)).toString('base64url') } : {};
      return json(res, 200, { ...(data.length ? { data } : {}), meta: { result_count: data.length, ...next } });
    }
    if (req.method === 'POST' && url.pathname === '/2/tweets') {
      const id = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const reply = (body.reply ?? {}) as { in_reply_to_tweet_id?: string };
      sends.push({ kind: 'reply', from: session.user.id, to: reply.in_reply_to_tweet_id ?? '', text: String(body.text ?? ''), id, at: new Date() });
      return json(res, 201, { data: { id, text: body.text } });
    }
    return json(res, 404, { title: 'Not Found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { title: String(err) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    client,
    env: {
      X_CLIENT_ID: client.id,
      X_CLIENT_SECRET: client.secret,
      X_BEARER_TOKEN: appBearer,
      X_API_BASE_URL: url,
      X_AUTHORIZE_URL: `${url}/i/oauth2/authorize`,
    },
    appBearer,
    webhooks,
    subscriptions,
    signInAs: (u) => {
      signedIn = u;
    },
    calls,
    sends,
    revoked,
    failNext: (path, status, times = 1, resetAfterS = 1) => failures.push({ path, status, times, resetAfterS }),
    expireAccessTokens: () => {
      for (const s of access.values()) s.expired = true;
    },
    revokeApp: (userId) => {
      for (const s of access.values()) if (s.user.id === userId) s.expired = true;
      for (const [rt, user] of refresh) if (user.id === userId) refresh.delete(rt);
    },
    setLatency: (ms) => {
      latency = ms;
    },
    async deliverWebhook(targetUrl, body, o = {}) {
      const raw = JSON.stringify(body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (!o.unsigned) headers['x-twitter-webhooks-signature-oauth2'] = xSignature(raw, o.secret ?? client.secret);
      const res = await fetch(targetUrl, { method: 'POST', headers, body: raw });
      return { status: res.status, text: await res.text() };
    },
    stop: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
