import { createHmac, randomBytes } from 'node:crypto';
import { readMessageContent, type FakeButton, type FakeQuickReply } from './meta-message-content';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Contract fake of the Meta Graph API as Replypilot uses it (docs/platform-apis.md):
 * the Facebook Login dialog (consent is automatic: it redirects straight back with a code), code →
 * short-lived → long-lived user token, `/me/accounts` with `instagram_business_account`, Page
 * `subscribed_apps`, Page and Instagram profiles, the Send API (`/{id}/messages`, DMs by
 * `recipient.id`, private replies by `recipient.comment_id`, one per comment), public comment
 * replies (Instagram `/{comment}/replies`, Facebook `/{comment}/comments`), Graph error bodies
 * (error injection for throttle 4/17/32/613, 190, outside-window 10/2018278, 551…), configurable
 * latency, signed webhook delivery to our server, and Instagram Login (its dialog, api.instagram.com
 * code exchange, graph.instagram.com long-lived token and its refresh, /me, subscribed_apps, Bearer
 * sends), and `debug_token` (validity, granted permissions minus any removed, data-access expiry).
 * It also holds posts and comments that were never delivered by webhook (`addPost`, `addComment`)
 * and lists them as the Graph API does (docs/platform-apis.md §2.8): `/{ig-user-id}/media`,
 * `/{page-id}/feed`, `/{post-id}/comments`, newest first, `limit` + `after` cursor paging with
 * `paging.next` only while more remain. It holds DMs that never got a webhook too (`addConversation`,
 * `addMessage`) and lists them as the Conversations API does (§2.9): `/{page-id}/conversations?platform=`
 * (`messenger`, or `instagram` for the Page's linked account; `/{ig-user-id}/conversations` too),
 * most recently updated first, and `/{conversation-id}/messages`, newest first, with the same paging.
 * Every DM and private reply it accepts lands in the person's thread as the account's message (with
 * the Send API's message id), and `user_id=` finds one person's thread (§2.10).
 * The Instagram User Profile API (§2.13): `GET /{IGSID}?fields=…` answers the fields asked for of a
 * person set with `setUserProfile` (follows or not, per test), code 230 "User consent is required"
 * until that person has consented (messaged the account), code 100/33 for an unknown id.
 * Records every call.
 * Test infrastructure only: it lives under tests/ and no production default points at it.
 */
export interface FakeInstagramAccount {
  id: string;
  username: string;
  name: string;
  profile_picture_url: string;
  followers_count: number;
  media_count: number;
}
export interface FakePage {
  id: string;
  name: string;
  category: string;
  accessToken: string;
  instagram?: FakeInstagramAccount;
}
export interface FakeUser {
  id: string;
  name: string;
  pages: FakePage[];
}
export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
  token: string | null;
  at: number;
}
export interface FakeSend {
  kind: 'dm' | 'private_reply' | 'public_reply';
  /** The page / Instagram account (dm, private reply) or comment (public reply) in the path. */
  on: string;
  recipient: string;
  text: string;
  messageId: string;
  tag: string | null;
  metadata: string | null;
  /** What the message carried besides text (meta-message-content.ts); absent for plain text. */
  quickReplies?: FakeQuickReply[];
  buttons?: FakeButton[];
  at: number;
}
/** A post (Instagram media or Page post) the fake holds, with its comments. */
export interface FakePost {
  id: string;
  /** The Instagram account or Page that published it. */
  ownerId: string;
  createdAt: Date;
}
export interface FakeComment {
  id: string;
  postId: string;
  text: string;
  from: { id: string; username?: string; name?: string };
  createdAt: Date;
}
/** A DM thread between an account (Page or Instagram account) and one person. */
export interface FakeConversation {
  id: string;
  /** The Page or Instagram account in the thread. */
  ownerId: string;
  participant: { id: string; username?: string; name?: string };
}
export interface FakeDm {
  id: string;
  conversationId: string;
  text: string;
  /** Sent by the account itself (ours, or typed in Meta's inbox), not by the person. */
  fromAccount: boolean;
  createdAt: Date;
}
/** A person the User Profile API knows (§2.13). */
export interface FakeUserProfile {
  follows: boolean;
  username?: string;
  name?: string;
  /** False: they only commented, never messaged the account (code 230). Default true. */
  consented?: boolean;
}
export interface GraphErrorSpec {
  code: number;
  subcode?: number;
  message?: string;
  httpStatus?: number;
}

export interface MetaGraphFake {
  url: string;
  app: { id: string; secret: string };
  /** Environment for startTestApp: every Meta host points here. */
  env: Record<string, string>;
  /** The Facebook user the next login dialog signs in as. */
  signInAs(user: FakeUser): void;
  /** A Page (and its Instagram account) whose token the fake accepts without a login. */
  addPage(page: FakePage): void;
  /** The Instagram professional account the next Instagram Login dialog signs in as (§3.2). */
  signInToInstagramAs(account: FakeInstagramAccount): void;
  /** The separate Instagram app (Instagram Login). */
  igApp: { id: string; secret: string };
  calls: FakeCall[];
  sends: FakeSend[];
  subscriptions: Map<string, string[]>;
  /**
   * Messenger profiles (docs/platform-apis.md §2.12) by `<page id>` or `<page id>:instagram`: each
   * field's locale blocks as last set by `POST /{page-id}/messenger_profile`.
   */
  messengerProfiles: Map<string, Partial<Record<'ice_breakers' | 'persistent_menu', Array<{ locale: string; call_to_actions: Record<string, unknown>[] }>>>>;
  /**
   * Comments hidden, shown again or deleted (docs/platform-apis.md §2.14): Instagram `POST /{id}?hide=`,
   * Facebook `POST /{id}?is_hidden=`, both `DELETE /{id}`; by the Page whose token made the call.
   */
  moderations: Array<{ commentId: string; action: 'hide' | 'unhide' | 'delete'; on: string; at: number }>;
  /** An Instagram user as the User Profile API answers for them (§2.13); call again to change it mid-test. */
  setUserProfile(igsid: string, profile: FakeUserProfile): void;
  /** The next `times` calls whose path matches answer with this Graph error instead. */
  failNext(path: RegExp, error: GraphErrorSpec, times?: number): void;
  setLatency(ms: number): void;
  /** Tokens Meta no longer accepts (expired, password changed, app removed): code 190. */
  revokeToken(token: string): void;
  /** The person removed one of the app's permissions for this Page in Facebook's settings (`debug_token` stops listing it). */
  removePermission(pageId: string, permission: string): void;
  /** The person granted it again (reconnecting with the permission). */
  restorePermission(pageId: string, permission: string): void;
  /** When this Page's token loses data access (`debug_token` data_access_expires_at); default 90 days after it was issued. */
  setDataAccessExpiry(pageId: string, at: Date): void;
  /** A post on an Instagram account or Page (newest first in listings by `createdAt`, default now). */
  addPost(ownerId: string, post?: { id?: string; createdAt?: Date }): FakePost;
  /** A comment the platform has; no webhook is sent (deliver one with deliverWebhook if wanted). */
  addComment(postId: string, c: { id?: string; text: string; from: { id: string; username?: string; name?: string }; createdAt?: Date }): FakeComment;
  /** A conversation of an Instagram account or Page with one person (listed by its newest message). */
  addConversation(ownerId: string, participant: { id: string; username?: string; name?: string }): FakeConversation;
  /** A message in a conversation; no webhook is sent (deliver one with deliverWebhook if wanted). */
  addMessage(conversationId: string, m: { id?: string; text: string; fromAccount?: boolean; createdAt?: Date }): FakeDm;
  /** POSTs a webhook to our server signed like Meta: escaped-unicode JSON, X-Hub-Signature-256. */
  deliverWebhook(targetUrl: string, body: unknown, opts?: { secret?: string; signature?: string | null }): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

/** JSON with every non-ASCII character escaped, the form Meta sends and signs (docs/platform-apis.md §1.2). */
export function metaJson(body: unknown): string {
  return JSON.stringify(body).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function metaSignature(raw: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/** What the fake grants when the dialog asks for nothing in particular (docs/platform-apis.md §3.1 checklist). */
const DEFAULT_GRANTED = [
  'pages_show_list',
  'pages_manage_metadata',
  'pages_messaging',
  'pages_read_engagement',
  'pages_read_user_content',
  'pages_manage_engagement',
  'instagram_basic',
  'instagram_manage_messages',
  'instagram_manage_comments',
  'business_management',
  'public_profile',
];
const DAY_S = 86_400;

const THROTTLE_MESSAGES: Record<number, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  190: 'Error validating access token: Session has expired.',
  10: '(#10) This message is sent outside of allowed window.',
  551: "This person isn't available right now.",
  100: '(#100) Invalid parameter',
};

const MESSAGING_PERMISSIONS = ['pages_messaging', 'instagram_manage_messages', 'instagram_business_manage_messages'];

export async function startMetaGraphFake(opts: { appId?: string; appSecret?: string; latencyMs?: number } = {}): Promise<MetaGraphFake> {
  const app = { id: opts.appId ?? 'fake-app-id', secret: opts.appSecret ?? 'fake-app-secret' };
  const igApp = { id: 'fake-ig-app-id', secret: 'fake-ig-app-secret' };
  let igSignedIn: FakeInstagramAccount | undefined;
  const igCodes = new Map<string, { account: FakeInstagramAccount; redirectUri: string }>();
  /** Instagram Login tokens (graph.instagram.com, Bearer). */
  const igTokens = new Map<string, FakeInstagramAccount>();
  let latency = opts.latencyMs ?? 0;
  let signedIn: FakeUser | undefined;
  const codes = new Map<string, { user: FakeUser; redirectUri: string }>();
  const userTokens = new Map<string, { user: FakeUser; longLived: boolean }>();
  const revoked = new Set<string>();
  /** Permissions granted per user (what the dialog asked for), and removed afterwards per Page. */
  const granted = new Map<string, string[]>();
  const removedPermissions = new Map<string, Set<string>>();
  const dataAccessExpiry = new Map<string, number>();
  const startedAt = Math.floor(Date.now() / 1000);
  const calls: FakeCall[] = [];
  const sends: FakeSend[] = [];
  const subscriptions = new Map<string, string[]>();
  const messengerProfiles: MetaGraphFake['messengerProfiles'] = new Map();
  const repliedComments = new Set<string>();
  const moderations: MetaGraphFake['moderations'] = [];
  const deletedComments = new Set<string>();
  const failures: { path: RegExp; error: GraphErrorSpec; times: number }[] = [];
  const posts = new Map<string, FakePost>();
  const comments = new Map<string, FakeComment[]>();
  const conversations = new Map<string, FakeConversation>();
  /** The same threads by (account, person): a broadcast to 100,000 people looks one up per send. */
  const threadByPerson = new Map<string, FakeConversation>();
  const personKey = (ownerId: string, participantId: string) => `${ownerId}\u0000${participantId}`;
  const addThread = (thread: FakeConversation) => {
    conversations.set(thread.id, thread);
    if (!threadByPerson.has(personKey(thread.ownerId, thread.participant.id))) threadByPerson.set(personKey(thread.ownerId, thread.participant.id), thread);
  };
  const dms = new Map<string, FakeDm[]>();
  const userProfiles = new Map<string, FakeUserProfile>();
  const id = (p: string) => `${p}${randomBytes(8).toString('hex')}`;
  /**
   * Whose thread a send through `node` lands in: a Page posts for its Instagram account too (Facebook
   * Login, §2.2), and Meta knows by the person; the fake knows by an Instagram comment it holds or an
   * Instagram thread with that person, else the node itself.
   */
  const threadOwner = (node: string, participantId: string, commentId?: string) => {
    const ig = pages().find((p) => p.id === node)?.instagram?.id;
    if (!ig) return node;
    const comment = commentId ? [...comments.values()].flat().find((c) => c.id === commentId) : undefined;
    if (comment && posts.get(comment.postId)?.ownerId === ig) return ig;
    if (threadByPerson.has(personKey(ig, participantId))) return ig;
    return node;
  };
  /** A message the account sent, in its thread with the person (made on the first message), as the Conversations API lists it. */
  const recordInThread = (node: string, participantId: string, messageId: string, text: string, commentId?: string) => {
    const ownerId = threadOwner(node, participantId, commentId);
    let thread = threadByPerson.get(personKey(ownerId, participantId));
    if (!thread) {
      thread = { id: id('t_'), ownerId, participant: { id: participantId } };
      addThread(thread);
    }
    dms.set(thread.id, [...(dms.get(thread.id) ?? []), { id: messageId, conversationId: thread.id, text, fromAccount: true, createdAt: new Date() }]);
  };

  const extraPages: FakePage[] = [];
  const pages = () => [...userTokens.values()].flatMap((u) => u.user.pages).concat(signedIn?.pages ?? [], extraPages);
  const pageByToken = (token: string | null) => pages().find((p) => p.accessToken === token);

  function graphError(res: ServerResponse, e: GraphErrorSpec) {
    const body = {
      error: {
        message: e.message ?? THROTTLE_MESSAGES[e.code] ?? `(#${e.code}) Error`,
        type: e.code === 190 ? 'OAuthException' : 'OAuthException',
        code: e.code,
        ...(e.subcode !== undefined ? { error_subcode: e.subcode } : {}),
        fbtrace_id: id('Atrace'),
      },
    };
    res.writeHead(e.httpStatus ?? 400, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await readBody(req);
    const body = parseBody(raw, req.headers['content-type']);
    const query = Object.fromEntries(url.searchParams);
    const token =
      (req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : null) ??
      query.access_token ??
      (typeof body.access_token === 'string' ? body.access_token : null);
    const path = url.pathname.replace(/^\/v\d+\.\d+/, '');
    calls.push({ method: req.method ?? 'GET', path, query, body, token, at: Date.now() });
    if (latency > 0) await new Promise((r) => setTimeout(r, latency));

    // The login dialog (www.facebook.com/{ver}/dialog/oauth).
    if (req.method === 'GET' && path === '/dialog/oauth') {
      if (query.client_id !== app.id) return json(res, 400, { error: 'invalid client_id' });
      if (!query.redirect_uri || !signedIn) return json(res, 400, { error: 'no redirect_uri or no signed-in user' });
      const code = id('code-');
      codes.set(code, { user: signedIn, redirectUri: query.redirect_uri });
      granted.set(signedIn.id, (query.scope ?? '').split(',').filter(Boolean).concat('public_profile'));
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', code);
      if (query.state) back.searchParams.set('state', query.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }

    // Instagram Login dialog (www.instagram.com/oauth/authorize): the code comes back with "#_" (§3.2).
    if (req.method === 'GET' && path === '/oauth/authorize') {
      if (query.client_id !== igApp.id || !query.redirect_uri || !igSignedIn) return json(res, 400, { error_message: 'Invalid request' });
      const code = id('igcode-');
      igCodes.set(code, { account: igSignedIn, redirectUri: query.redirect_uri });
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', code);
      if (query.state) back.searchParams.set('state', query.state);
      res.writeHead(302, { location: `${back.toString()}#_` });
      return res.end();
    }

    const injected = failures.find((f) => f.times > 0 && f.path.test(path));
    if (injected) {
      injected.times -= 1;
      return graphError(res, injected.error);
    }

    if (req.method === 'GET' && path === '/oauth/access_token') {
      if (query.client_id !== app.id || query.client_secret !== app.secret) return graphError(res, { code: 1, message: 'Invalid client_secret' });
      if (query.grant_type === 'fb_exchange_token') {
        const short = userTokens.get(query.fb_exchange_token ?? '');
        if (!short || revoked.has(query.fb_exchange_token ?? '')) return graphError(res, { code: 190 });
        const token = id('EAAlong');
        userTokens.set(token, { user: short.user, longLived: true });
        return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5183944 });
      }
      const grant = codes.get(query.code ?? '');
      if (!grant || grant.redirectUri !== query.redirect_uri)
        return graphError(res, { code: 100, subcode: 36009, message: 'This authorization code has been used.' });
      codes.delete(query.code!);
      const token = id('EAAshort');
      userTokens.set(token, { user: grant.user, longLived: false });
      return json(res, 200, { access_token: token, token_type: 'bearer', expires_in: 5400 });
    }

    // Instagram Login token endpoints: api.instagram.com (form POST) and graph.instagram.com/access_token.
    if (req.method === 'POST' && path === '/oauth/access_token') {
      const grant = igCodes.get(String(body.code ?? ''));
      if (body.client_id !== igApp.id || body.client_secret !== igApp.secret)
        return json(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid client secret' });
      if (!grant || grant.redirectUri !== body.redirect_uri || body.grant_type !== 'authorization_code') {
        return json(res, 400, { error_type: 'OAuthException', code: 400, error_message: 'Invalid authorization code' });
      }
      igCodes.delete(String(body.code));
      const short = id('IGshort');
      igTokens.set(short, grant.account);
      return json(res, 200, {
        access_token: short,
        user_id: grant.account.id,
        permissions: ['instagram_business_basic', 'instagram_business_manage_messages'],
      });
    }
    if (req.method === 'GET' && path === '/access_token') {
      const account = igTokens.get(query.access_token ?? '');
      if (query.grant_type !== 'ig_exchange_token' || query.client_secret !== igApp.secret || !account) return graphError(res, { code: 190 });
      const long = id('IGQVJlong');
      igTokens.set(long, account);
      extraPages.push({ id: `ig-login-${account.id}`, name: account.username, category: 'Instagram', accessToken: long, instagram: account });
      return json(res, 200, { access_token: long, token_type: 'bearer', expires_in: 5184000 });
    }
    // Token introspection with the app token "{app-id}|{app-secret}" (graph-api/reference/debug_token).
    if (req.method === 'GET' && path === '/debug_token') {
      if (token !== `${app.id}|${app.secret}`) return graphError(res, { code: 190, message: 'Invalid OAuth access token signature.' });
      const input = query.input_token ?? '';
      const p = pageByToken(input);
      const u = userTokens.get(input)?.user;
      if (revoked.has(input) || (!p && !u)) {
        return json(res, 200, {
          data: {
            app_id: app.id,
            is_valid: false,
            scopes: [],
            error: {
              code: 190,
              subcode: 460,
              message:
                'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
            },
          },
        });
      }
      const owner =
        u ??
        [...userTokens.values()]
          .map((t) => t.user)
          .concat(signedIn ? [signedIn] : [])
          .find((x) => x.pages.includes(p!));
      const removed = p ? (removedPermissions.get(p.id) ?? new Set<string>()) : new Set<string>();
      const scopes = (owner ? (granted.get(owner.id) ?? DEFAULT_GRANTED) : DEFAULT_GRANTED).filter((x) => !removed.has(x));
      return json(res, 200, {
        data: {
          app_id: app.id,
          type: p ? 'PAGE' : 'USER',
          application: 'Replypilot',
          data_access_expires_at: (p && dataAccessExpiry.get(p.id)) ?? startedAt + 90 * DAY_S,
          expires_at: 0,
          is_valid: true,
          scopes,
          ...(p ? { profile_id: p.id } : {}),
          user_id: owner?.id ?? 'fake-user',
        },
      });
    }
    // Instagram Login token refresh (graph.instagram.com/refresh_access_token, §3.2): another 60 days.
    if (req.method === 'GET' && path === '/refresh_access_token') {
      const account = igTokens.get(query.access_token ?? '');
      if (query.grant_type !== 'ig_refresh_token' || !account || revoked.has(query.access_token ?? '')) return graphError(res, { code: 190 });
      const renewed = id('IGQVJrenewed');
      igTokens.set(renewed, account);
      extraPages.push({ id: `ig-login-${account.id}-${renewed}`, name: account.username, category: 'Instagram', accessToken: renewed, instagram: account });
      return json(res, 200, { access_token: renewed, token_type: 'bearer', expires_in: 5184000 });
    }

    const igAccount = token ? igTokens.get(token) : undefined;
    if (igAccount && !revoked.has(token!)) {
      if (req.method === 'GET' && path === '/me')
        return json(res, 200, { ...igAccount, id: `app-scoped-${igAccount.id}`, user_id: igAccount.id, account_type: 'BUSINESS' });
      if (req.method === 'POST' && path === '/me/subscribed_apps') {
        subscriptions.set(
          igAccount.id,
          String(query.subscribed_fields ?? '')
            .split(',')
            .filter(Boolean),
        );
        return json(res, 200, { success: true });
      }
    }

    if (token && revoked.has(token)) return graphError(res, { code: 190, subcode: 463 });
    const user = token ? userTokens.get(token)?.user : undefined;
    const page = pageByToken(token);
    if (!user && !page) return graphError(res, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });

    if (req.method === 'GET' && path === '/me/accounts') {
      if (!user) return graphError(res, { code: 100, message: 'Tried accessing nonexisting field (accounts)' });
      return json(res, 200, {
        data: user.pages.map((p) => ({
          id: p.id,
          name: p.name,
          category: p.category,
          access_token: p.accessToken,
          tasks: ['MODERATE', 'MESSAGING', 'ANALYZE', 'ADVERTISE', 'CREATE_CONTENT', 'MANAGE'],
          ...(p.instagram ? { instagram_business_account: p.instagram } : {}),
        })),
        paging: { cursors: { before: 'b', after: 'a' } },
      });
    }
    if (req.method === 'GET' && path === '/me') {
      if (user) return json(res, 200, { id: user.id, name: user.name });
      return json(res, 200, { id: page!.id, name: page!.name });
    }

    const segs = path.split('/').filter(Boolean);
    const [target, edge] = [segs[0] === 'me' && page ? page.id : (segs[0] ?? ''), segs[1]];
    const owner = pages().find((p) => p.id === target || p.instagram?.id === target);

    if (edge === 'subscribed_apps') {
      if (!page || page.id !== target) return graphError(res, { code: 210, message: 'A page access token is required to request this resource.' });
      if (req.method === 'POST') {
        subscriptions.set(
          target,
          String(query.subscribed_fields ?? body.subscribed_fields ?? '')
            .split(',')
            .filter(Boolean),
        );
        return json(res, 200, { success: true });
      }
      if (req.method === 'DELETE') {
        subscriptions.delete(target);
        return json(res, 200, { success: true });
      }
      return json(res, 200, { data: subscriptions.has(target) ? [{ id: app.id, name: 'Replypilot', subscribed_fields: subscriptions.get(target) }] : [] });
    }

    // Conversations API (docs/platform-apis.md §2.9): threads by their newest message, then a thread's messages, newest first.
    if (req.method === 'GET' && (edge === 'conversations' || (edge === 'messages' && conversations.has(target))) && segs.length === 2) {
      const conversation = edge === 'messages' ? conversations.get(target) : undefined;
      const ownerPage = conversation
        ? pages().find((p) => p.id === conversation.ownerId || p.instagram?.id === conversation.ownerId)
        : pages().find((p) => p.id === target || p.instagram?.id === target);
      if (!ownerPage || !page || page !== ownerPage)
        return graphError(res, { code: 100, message: `(#100) Object with ID '${target}' does not exist or cannot be loaded` });
      const graphTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+0000');
      const latest = (c: FakeConversation) => Math.max(0, ...(dms.get(c.id) ?? []).map((m) => m.createdAt.getTime()));
      let items: Record<string, unknown>[];
      if (conversation) {
        const owner =
          ownerPage.instagram?.id === conversation.ownerId
            ? { id: conversation.ownerId, username: ownerPage.instagram.username }
            : { id: ownerPage.id, name: ownerPage.name };
        items = [...(dms.get(target) ?? [])]
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .map((m) => {
            const [from, to] = m.fromAccount ? [owner, conversation.participant] : [conversation.participant, owner];
            return { id: m.id, created_time: graphTime(m.createdAt), from, to: { data: [to] }, message: m.text };
          });
      } else {
        // The Page's id lists Messenger threads (platform=messenger) or its Instagram account's (platform=instagram).
        const accountId = target === ownerPage.id && query.platform === 'instagram' ? ownerPage.instagram?.id : target;
        if (target === ownerPage.id && query.platform !== 'instagram' && query.platform !== 'messenger')
          return graphError(res, { code: 100, message: '(#100) The platform parameter is required' });
        // `user_id`: the thread with that one person (§2.10), or none.
        items = [...conversations.values()]
          .filter((c) => c.ownerId === accountId && (dms.get(c.id)?.length ?? 0) > 0 && (query.user_id === undefined || c.participant.id === query.user_id))
          .sort((a, b) => latest(b) - latest(a))
          .map((c) => ({ id: c.id, updated_time: graphTime(new Date(latest(c))), participants: { data: [c.participant, { id: accountId }] } }));
      }
      const limit = Math.min(100, Math.max(1, Number(query.limit ?? 25) || 25));
      const offset = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) : 0;
      const slice = items.slice(offset, offset + limit);
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
      const next = new URL(`http://${req.headers.host ?? '127.0.0.1'}${url.pathname}`);
      for (const [k, v] of Object.entries(query)) next.searchParams.set(k, v);
      next.searchParams.set('after', cursor(offset + limit));
      return json(res, 200, {
        data: slice,
        ...(slice.length
          ? {
              paging: {
                cursors: { before: cursor(offset), after: cursor(offset + slice.length) },
                ...(offset + limit < items.length ? { next: next.toString() } : {}),
              },
            }
          : {}),
      });
    }

    // Listings (docs/platform-apis.md §2.8): newest first, `limit` (default 25, at most 100) and an opaque `after` cursor.
    if (req.method === 'GET' && (edge === 'media' || edge === 'feed' || edge === 'comments') && segs.length === 2) {
      const post = edge === 'comments' ? posts.get(target) : undefined;
      const accountId = post ? post.ownerId : target;
      const ownerPage = pages().find((p) => p.id === accountId || p.instagram?.id === accountId);
      if (!ownerPage || !page || page !== ownerPage)
        return graphError(res, { code: 100, message: `(#100) Object with ID '${target}' does not exist or cannot be loaded` });
      const isInstagram = ownerPage.instagram?.id === accountId;
      if ((edge === 'media' && !isInstagram) || (edge === 'feed' && isInstagram))
        return graphError(res, { code: 100, message: `(#100) Tried accessing nonexisting field (${edge})` });
      const limit = Math.min(100, Math.max(1, Number(query.limit ?? 25) || 25));
      const offset = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) : 0;
      const graphTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, '+0000');
      let items: Record<string, unknown>[];
      if (edge === 'comments') {
        const list = [...(comments.get(target) ?? [])];
        // Facebook lists comments oldest first unless asked for reverse_chronological; Instagram newest first.
        list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        if (isInstagram || query.order === 'reverse_chronological') list.reverse();
        items = list.map((c) =>
          isInstagram
            ? { id: c.id, text: c.text, timestamp: graphTime(c.createdAt), username: c.from.username, from: { id: c.from.id, username: c.from.username } }
            : { id: c.id, message: c.text, created_time: graphTime(c.createdAt), from: { id: c.from.id, name: c.from.name } },
        );
      } else {
        items = [...posts.values()]
          .filter((p) => p.ownerId === accountId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
          .map((p) =>
            isInstagram
              ? { id: p.id, timestamp: graphTime(p.createdAt), comments_count: comments.get(p.id)?.length ?? 0 }
              : { id: p.id, created_time: graphTime(p.createdAt) },
          );
      }
      const slice = items.slice(offset, offset + limit);
      const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
      const more = offset + limit < items.length;
      const next = new URL(`http://${req.headers.host ?? '127.0.0.1'}${url.pathname}`);
      for (const [k, v] of Object.entries(query)) next.searchParams.set(k, v);
      next.searchParams.set('after', cursor(offset + limit));
      return json(res, 200, {
        data: slice,
        ...(slice.length
          ? { paging: { cursors: { before: cursor(offset), after: cursor(offset + slice.length) }, ...(more ? { next: next.toString() } : {}) } }
          : {}),
      });
    }

    // Messenger Profile API (§2.12): a Page's, or its Instagram account's with platform=instagram; the Page token only.
    if (edge === 'messenger_profile' && segs.length === 2) {
      if (!page || page.id !== target) return graphError(res, { code: 210, message: 'A page access token is required to request this resource.' });
      const instagram = (query.platform ?? body.platform) === 'instagram';
      if (instagram && !page.instagram) return graphError(res, { code: 100, message: '(#100) No Instagram account is linked to this Page' });
      const key = instagram ? `${target}:instagram` : target;
      const profile = messengerProfiles.get(key) ?? {};
      if (req.method === 'GET') {
        const fields = String(query.fields ?? '')
          .split(',')
          .filter(Boolean);
        if (fields.length === 0) return graphError(res, { code: 100, message: '(#100) param fields must be non-empty.' });
        // ice_breakers (new format) answers its locale blocks as data; persistent_menu as data[0].persistent_menu.
        if (fields.includes('ice_breakers')) return json(res, 200, { data: profile.ice_breakers ?? [] });
        return json(res, 200, { data: profile.persistent_menu ? [{ persistent_menu: profile.persistent_menu }] : [] });
      }
      if (req.method === 'DELETE') {
        const fields = Array.isArray(body.fields) ? (body.fields as string[]) : [];
        if (fields.length === 0) return graphError(res, { code: 100, message: '(#100) param fields must be non-empty.' });
        for (const f of fields) delete profile[f as 'ice_breakers' | 'persistent_menu'];
        messengerProfiles.set(key, profile);
        return json(res, 200, { result: 'success' });
      }
      if (req.method === 'POST') {
        for (const field of ['ice_breakers', 'persistent_menu'] as const) {
          const blocks = body[field];
          if (blocks === undefined) continue;
          if (!Array.isArray(blocks) || !blocks.some((b: { locale?: string }) => b.locale === 'default'))
            return graphError(res, { code: 100, message: `(#100) ${field}: the default locale is required` });
          for (const b of blocks as Array<{ locale: string; call_to_actions?: Array<Record<string, unknown>> }>) {
            const items = b.call_to_actions ?? [];
            if (field === 'ice_breakers' && items.length > 4) return graphError(res, { code: 100, message: '(#100) ice_breakers: at most 4 questions' });
            if (field === 'persistent_menu' && items.length > 20)
              return graphError(res, { code: 100, message: '(#100) persistent_menu: at most 20 call_to_actions' });
            if (items.some((i) => typeof i.payload === 'string' && i.payload.length > 1000))
              return graphError(res, { code: 100, message: '(#100) payload must be at most 1000 characters' });
          }
          profile[field] = blocks as never;
        }
        messengerProfiles.set(key, profile);
        return json(res, 200, { result: 'success' });
      }
    }

    if (req.method === 'POST' && edge === 'messages') {
      if (!owner || !page || !(page.id === target || page.instagram?.id === target))
        return graphError(res, { code: 200, message: '(#200) The page is not authorised to message on behalf of this account' });
      // A messaging permission the person removed in Facebook's settings: sends answer (#10) without a window subcode.
      const removedForPage = removedPermissions.get(page.id) ?? new Set<string>();
      if (MESSAGING_PERMISSIONS.some((p) => removedForPage.has(p)))
        return graphError(res, { code: 10, message: '(#10) Application does not have permission for this action' });
      const recipient = (body.recipient ?? {}) as { id?: string; comment_id?: string };
      const message = (body.message ?? {}) as { text?: string; metadata?: string };
      const content = readMessageContent(message);
      if (!content.ok) return graphError(res, { code: 100, message: content.message });
      const text = content.text;
      const extras = {
        ...(content.quickReplies.length > 0 ? { quickReplies: content.quickReplies } : {}),
        ...(content.buttons.length > 0 ? { buttons: content.buttons } : {}),
      };
      const isInstagram = owner.instagram?.id === target;
      if (!text) return graphError(res, { code: 100, message: '(#100) The parameter message is required' });
      if (isInstagram ? Buffer.byteLength(text) > 1000 : [...text].length > 2000)
        return graphError(res, { code: 100, message: '(#100) Length of param message[text] must be less than or equal to the limit' });
      const messageId = id(isInstagram ? 'aWdf' : 'm_');
      if (recipient.comment_id) {
        // One private reply per comment (docs/platform-apis.md §2.3); a second is refused with code 100.
        if (repliedComments.has(recipient.comment_id))
          return graphError(res, { code: 100, message: '(#100) A private reply has already been sent to this comment' });
        repliedComments.add(recipient.comment_id);
        // The reply lands in the commenter's thread (§2.3): the commenter as the fake knows it (addComment), as Meta answers recipient_id.
        const commenter = [...comments.values()].flat().find((c) => c.id === recipient.comment_id)?.from.id ?? `commenter-of-${recipient.comment_id}`;
        recordInThread(target, commenter, messageId, text, recipient.comment_id);
        sends.push({
          kind: 'private_reply',
          on: target,
          recipient: recipient.comment_id,
          text,
          messageId,
          tag: null,
          metadata: message.metadata ?? null,
          ...extras,
          at: Date.now(),
        });
        return json(res, 200, { recipient_id: commenter, message_id: messageId });
      }
      if (!recipient.id) return graphError(res, { code: 100, message: '(#100) param recipient must be non-empty.' });
      recordInThread(target, recipient.id, messageId, text);
      sends.push({
        kind: 'dm',
        on: target,
        recipient: recipient.id,
        text,
        messageId,
        tag: typeof body.tag === 'string' ? body.tag : null,
        metadata: message.metadata ?? null,
        ...extras,
        at: Date.now(),
      });
      return json(res, 200, { recipient_id: recipient.id, message_id: messageId });
    }

    if (req.method === 'POST' && (edge === 'replies' || edge === 'comments')) {
      const text = String(query.message ?? body.message ?? '');
      if (!text) return graphError(res, { code: 100, message: '(#100) The parameter message is required' });
      const replyId = id('17');
      sends.push({ kind: 'public_reply', on: target, recipient: target, text, messageId: replyId, tag: null, metadata: null, at: Date.now() });
      return json(res, 200, { id: replyId });
    }

    // Comment moderation (§2.14): hide / unhide (Instagram `hide`, Facebook `is_hidden`) or delete a comment
    // on the account's media; Meta answers {success: true}; a deleted comment no longer exists (code 100, subcode 33).
    const hideParam = query.hide ?? query.is_hidden;
    if (segs.length === 1 && !owner && page && (req.method === 'DELETE' || (req.method === 'POST' && hideParam !== undefined))) {
      const permission = query.is_hidden !== undefined ? 'pages_manage_engagement' : 'instagram_manage_comments';
      if (removedPermissions.get(page.id)?.has(permission))
        return graphError(res, { code: 200, message: `(#200) Requires ${permission} permission to manage the object` });
      if (deletedComments.has(target))
        return graphError(res, {
          code: 100,
          subcode: 33,
          message: `Unsupported ${req.method === 'DELETE' ? 'delete' : 'post'} request. Object with ID '${target}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        });
      if (req.method === 'POST' && hideParam !== 'true' && hideParam !== 'false')
        return graphError(res, { code: 100, message: '(#100) Param hide must be a boolean' });
      const action = req.method === 'DELETE' ? 'delete' : hideParam === 'true' ? 'hide' : 'unhide';
      if (action === 'delete') deletedComments.add(target);
      moderations.push({ commentId: target, action, on: page.id, at: Date.now() });
      return json(res, 200, { success: true });
    }

    // Instagram User Profile API (§2.13): a person's fields, only after they messaged the account; the follow fields exist on Instagram only.
    if (req.method === 'GET' && segs.length === 1 && !owner && page) {
      const person = userProfiles.get(target);
      if (!person)
        return graphError(res, {
          code: 100,
          subcode: 33,
          message: `Unsupported get request. Object with ID '${target}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        });
      const fields = String(query.fields ?? 'name')
        .split(',')
        .filter(Boolean);
      if (!page.instagram && fields.some((f) => f.startsWith('is_')))
        return graphError(res, { code: 100, message: `(#100) Tried accessing nonexisting field (${fields.find((f) => f.startsWith('is_'))})` });
      if (person.consented === false) return graphError(res, { code: 230, message: 'User consent is required to access user profile' });
      const all: Record<string, unknown> = {
        name: person.name ?? null,
        username: person.username ?? null,
        profile_pic: null,
        is_verified_user: false,
        follower_count: 0,
        is_user_follow_business: person.follows,
        is_business_follow_user: false,
      };
      return json(res, 200, { ...Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])), id: target });
    }

    if (req.method === 'GET' && segs.length === 1 && owner) {
      if (owner.instagram?.id === target) return json(res, 200, owner.instagram);
      return json(res, 200, {
        id: owner.id,
        name: owner.name,
        category: owner.category,
        ...(owner.instagram ? { instagram_business_account: { id: owner.instagram.id } } : {}),
      });
    }
    return graphError(res, { code: 100, message: `Unsupported ${req.method} request to ${path}`, httpStatus: 400 });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: { message: String(err), code: 1 } }));
  });
  // Graph API hosts keep connections alive; a 1 s idle limit made every paced send open a new one.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    app,
    env: {
      META_GRAPH_BASE_URL: url,
      INSTAGRAM_GRAPH_BASE_URL: url,
      FACEBOOK_DIALOG_BASE_URL: url,
      FACEBOOK_APP_ID: app.id,
      FACEBOOK_APP_SECRET: app.secret,
      INSTAGRAM_APP_ID: igApp.id,
      INSTAGRAM_APP_SECRET: igApp.secret,
      INSTAGRAM_AUTHORIZE_BASE_URL: url,
      INSTAGRAM_API_BASE_URL: url,
    },
    igApp,
    signInToInstagramAs: (a) => {
      igSignedIn = a;
    },
    signInAs: (u) => {
      signedIn = u;
    },
    addPage: (p) => extraPages.push(p),
    addPost: (ownerId, p = {}) => {
      const post = { id: p.id ?? id('post'), ownerId, createdAt: p.createdAt ?? new Date() };
      posts.set(post.id, post);
      return post;
    },
    addComment: (postId, c) => {
      if (!posts.has(postId)) throw new Error(`addComment: no post ${postId}`);
      const comment = { id: c.id ?? id('1790'), postId, text: c.text, from: c.from, createdAt: c.createdAt ?? new Date() };
      comments.set(postId, [...(comments.get(postId) ?? []), comment]);
      return comment;
    },
    addConversation: (ownerId, participant) => {
      const conversation = { id: id('t_'), ownerId, participant };
      addThread(conversation);
      return conversation;
    },
    addMessage: (conversationId, m) => {
      if (!conversations.has(conversationId)) throw new Error(`addMessage: no conversation ${conversationId}`);
      const dm = { id: m.id ?? id('m_'), conversationId, text: m.text, fromAccount: m.fromAccount ?? false, createdAt: m.createdAt ?? new Date() };
      dms.set(conversationId, [...(dms.get(conversationId) ?? []), dm]);
      return dm;
    },
    calls,
    sends,
    subscriptions,
    messengerProfiles,
    moderations,
    setUserProfile: (igsid, profile) => userProfiles.set(igsid, profile),
    failNext: (path, error, times = 1) => failures.push({ path, error, times }),
    setLatency: (ms) => {
      latency = ms;
    },
    revokeToken: (t) => revoked.add(t),
    removePermission: (pageId, permission) => {
      const set = removedPermissions.get(pageId) ?? new Set<string>();
      set.add(permission);
      removedPermissions.set(pageId, set);
    },
    restorePermission: (pageId, permission) => {
      removedPermissions.get(pageId)?.delete(permission);
    },
    setDataAccessExpiry: (pageId, at) => dataAccessExpiry.set(pageId, Math.floor(at.getTime() / 1000)),
    async deliverWebhook(targetUrl, body, o = {}) {
      const raw = typeof body === 'string' ? body : metaJson(body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const signature = o.signature === undefined ? metaSignature(raw, o.secret ?? app.secret) : o.signature;
      if (signature !== null) headers['x-hub-signature-256'] = signature;
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

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  if (contentType?.includes('application/json')) {
    try {
      return JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
