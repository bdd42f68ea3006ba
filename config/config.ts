import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_WEBHOOK_LANES } from '../contracts/jobs';
import { parseCells, type CellsConfig } from './cells-config';

/**
 * The only module that reads process.env (ARCHITECTURE.md#processes). Everything else receives a Config.
 * Every variable is listed, with its default, in .env.example and README.md (config/env-documented.test.ts).
 * Secrets may be absent here: in embedded mode `resolveSecrets` fills them from the data dir;
 * in production their absence stops the boot (see `missingProductionSecrets`).
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface the web role listens on. Unset: 127.0.0.1 (this machine only) outside production, since a
   * development instance has a demo, an admin-for-everyone default and a dev outbox; 0.0.0.0 in
   * production (containers, behind a proxy). docs/security.md.
   */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  /**
   * A streaming standby of the database (ADR 0039): reads that tolerate a little lag (analytics,
   * exports, the inbox's lists and search, figures) go there once it has replayed a reader's writes.
   */
  DATABASE_READ_URL: z.string().min(1).optional(),
  /** Cells (ADR 0051): `name=url` pairs; `replypilot web` then fronts one web stack per cell's database. */
  CELLS: z.string().min(1).optional(),
  /** The cells directory database (ADR 0051): required with CELLS. */
  DIRECTORY_DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  APP_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'APP_ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  /** Web Push (ADR 0045): the VAPID pair, base64url (`npx web-push generate-vapid-keys`); unset: generated into secrets.json outside production, push off in production. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about our pushes: a mailto: or https: URL; unset: MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_APP_ID: z.string().min(1).optional(),
  FACEBOOK_APP_SECRET: z.string().min(1).optional(),
  /** Development only: POST /api/auth/test-login may sign into a named demo account ({email}). Off unless set. */
  ENABLE_TEST_LOGIN: bool.optional(),
  /**
   * Instance operators (comma-separated emails): they alone see app-wide settings such as the Meta
   * verify token, and they alone open the admin console (/admin); unset: nobody opens it.
   */
  ADMIN_EMAILS: z.string().optional(),
  /** "Try Live Demo": each visitor gets a short-lived demo workspace. On by default outside production. */
  ENABLE_DEMO: bool.optional(),
  /**
   * The landing page's instance-wide counts (GET /api/stats/public): how many comments this server
   * answered, automated replies it sent and leads it captured. Off unless the operator turns it on.
   */
  PUBLIC_STATS: bool.optional(),
  /**
   * Plans (contracts/plans.ts, ADR 0041): a new workspace runs this many days on the catalogue's
   * trial plan, then returns to the free plan. Unset: no trial, and no page mentions one.
   */
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).optional(),
  /**
   * Optional Stripe billing (ADR 0046, docs/platform-apis.md §8): on only when the secret key, the
   * webhook signing secret and a price id for every paid plan are set; otherwise a paid plan is set
   * by an operator. STRIPE_API_BASE points the client elsewhere (tests' contract fake).
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must look like sk_test_… or sk_live_…')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must look like whsec_…')
    .optional(),
  STRIPE_PRICE_STARTER: z
    .string()
    .regex(/^price_\w+$/, 'STRIPE_PRICE_STARTER must be a price id (price_…)')
    .optional(),
  STRIPE_PRICE_PRO: z
    .string()
    .regex(/^price_\w+$/, 'STRIPE_PRICE_PRO must be a price id (price_…)')
    .optional(),
  STRIPE_PRICE_ENTERPRISE: z
    .string()
    .regex(/^price_\w+$/, 'STRIPE_PRICE_ENTERPRISE must be a price id (price_…)')
    .optional(),
  STRIPE_API_BASE: z.url().optional(),
  /** New demo workspaces one client address may create per hour. */
  DEMO_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Demo workspaces are deleted this long after they were created. */
  DEMO_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  /** Pinned Graph API version (docs/platform-apis.md conventions: pin it in config, never hard-code). */
  META_GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'META_GRAPH_API_VERSION looks like v25.0')
    .default('v25.0'),
  /** Meta hosts (docs/platform-apis.md §2–§3); tests point them at tests/fakes/meta-graph.fake.ts. */
  META_GRAPH_BASE_URL: z.url().default('https://graph.facebook.com'),
  INSTAGRAM_GRAPH_BASE_URL: z.url().default('https://graph.instagram.com'),
  /** Where the Facebook Login dialog lives (`{base}/{ver}/dialog/oauth`). */
  FACEBOOK_DIALOG_BASE_URL: z.url().default('https://www.facebook.com'),
  /** Compared in constant time with hub.verify_token; derived from SESSION_SECRET when unset. */
  META_WEBHOOK_VERIFY_TOKEN: z.string().min(8, 'META_WEBHOOK_VERIFY_TOKEN must be at least 8 characters').optional(),
  /** The Instagram app (Instagram Login, docs/platform-apis.md §3.2); its secret also signs its webhooks (§1.2). */
  INSTAGRAM_APP_ID: z.string().min(1).optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_AUTHORIZE_BASE_URL: z.url().default('https://www.instagram.com'),
  INSTAGRAM_API_BASE_URL: z.url().default('https://api.instagram.com'),
  /** X (docs/platform-apis.md §4): OAuth 2.0 client (PKCE), API host, authorize page; webhooks sign with the client secret. */
  X_CLIENT_ID: z.string().min(1).optional(),
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** Legacy Account Activity signature (X-Twitter-Webhooks-Signature) uses the OAuth 1.0a consumer secret. */
  X_CONSUMER_SECRET: z.string().min(1).optional(),
  /** App-only Bearer token: registers the X webhook (`/2/webhooks`) so connected accounts can be subscribed. */
  X_BEARER_TOKEN: z.string().min(1).optional(),
  X_API_BASE_URL: z.url().default('https://api.x.com'),
  X_AUTHORIZE_URL: z.url().default('https://x.com/i/oauth2/authorize'),
  /** First back-off after a throttled or temporarily failed send; doubles per attempt, capped at 1 h. */
  SEND_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** A throttled send is given up (failed, visible) after this many attempts. */
  SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  /** Timeout of one call to a platform API. */
  PLATFORM_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** Platform sends one worker process has in flight at once (the send pump, ADR 0021); none holds a worker slot or a connection. */
  SEND_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(10_000).default(256),
  /** How many reverse proxies (load balancer, ingress) sit in front of us: 0 = none. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** GET /metrics (Prometheus) answers only `Authorization: Bearer <this>`; unset: /metrics is off (404). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 24`)').optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  /** Web processes cache sessions and their users this long at most (ADR 0016; NOTIFY invalidates them sooner); 0 = no cache. */
  SESSION_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Per client address: register / forgot / reset requests per 15 minutes, and failed sign-ins (any accounts) before they are delayed. */
  AUTH_RATE_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(30),
  /** Instagram allows 750 private replies per hour per account; the sandbox paces itself the same way. */
  PRIVATE_REPLIES_PER_HOUR: z.coerce.number().int().min(1).default(750),
  /** A worker silent this long is dead: its job locks are released. */
  WORKER_STALE_AFTER_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Flow steps (webhook calls): first back-off after a retryable failure, doubling per attempt. */
  FLOW_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  /** A flow step's retryable failure fails the run after this many attempts. */
  FLOW_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  /** Total deadline of one flow webhook call: connect, headers and the whole body (ADR 0009). */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Queues (lanes) per workspace for flow webhook and AI calls: at most this many in flight per workspace fleet-wide (ADR 0009). */
  FLOW_WEBHOOK_LANES: z.coerce.number().int().min(1).max(64).default(DEFAULT_WEBHOOK_LANES),
  /** Lets the webhook node call 127.0.0.1/::1 (tests, local development). Private ranges stay refused. */
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Website scan (POST /api/website/scan): pages read per scan, the home page included. */
  WEBSITE_SCAN_MAX_PAGES: z.coerce.number().int().min(1).max(100).default(10),
  /** Deadline of a whole website scan: every page, redirect and the sitemap. */
  WEBSITE_SCAN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** Largest page a scan reads; a larger home page fails the scan, a larger other page is skipped. */
  WEBSITE_SCAN_MAX_BYTES: z.coerce.number().int().min(1024).max(20_000_000).default(2_000_000),
  /** Website scans one signed-in user may start per hour (each reads up to WEBSITE_SCAN_MAX_PAGES pages of someone's site). */
  WEBSITE_SCAN_USER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Lets the website scan read 127.0.0.1/::1 (tests, local development). Private ranges stay refused. */
  WEBSITE_SCAN_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** How often each worker moves due delays/timeouts into jobs. */
  TIMER_PUMP_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /** How often each connected account's token and permissions are checked with its platform; 0 turns the checks off. */
  ACCOUNT_HEALTH_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Minutes between missed-webhook reconciliations of each connected Meta account (also at boot and on connect); 0 turns reconciliation off. */
  RECONCILE_EVERY_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  /** Graph API reads one account's reconciliation may make per hour (its own bucket, apart from sends). */
  RECONCILE_READS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Account mail (password reset). Unset: a local outbox (/dev/outbox) outside production, no mail in production. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'SMTP_URL looks like smtp://user:pass@host:587 or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Replypilot <no-reply@localhost>'),
  /**
   * Failed sign-ins one address (or one browser that signed into the account before) may make on one
   * account before each further attempt waits a doubling delay (1 s, 2 s, 4 s…). Never a lock on the
   * account itself: another address or a known browser is not slowed (docs/security.md).
   */
  LOGIN_FAILURES_BEFORE_DELAY: z.coerce.number().int().min(1).max(1000).default(10),
  /** The longest that doubling delay grows (per account and address, and per address). */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Password-reset mails one account gets per hour, over all the addresses that ask (a browser that signed into it before has its own). */
  RESET_MAILS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Password-reset mails one requesting address (or known browser) may have sent to one account per hour. */
  RESET_MAILS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(3),
  /** Gemini (docs/platform-apis.md §6): set the key to answer with Gemini; tests point the base URL at tests/fakes/gemini.fake.ts. */
  GEMINI_API_KEY: z.string().min(1).optional(),
  GEMINI_MODEL: z.string().min(1).default('gemini-2.5-flash'),
  GEMINI_BASE_URL: z.url().default('https://generativelanguage.googleapis.com'),
  /** Any OpenAI-compatible server (Ollama, vLLM, LM Studio…), used when GEMINI_API_KEY is unset: base URL up to /v1, model, optional key. */
  AI_BASE_URL: z.url().optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /** Deadline of one model call (one attempt); a streamed answer must finish within it too. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** Extra attempts after a 429, 5xx, network failure or timeout (0 = one attempt only). */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** First back-off between attempts; doubles per attempt. */
  AI_RETRY_BASE_MS: z.coerce.number().int().min(0).max(30_000).default(500),
  /** AI requests one signed-in user may make per minute (every AI endpoint together). */
  AI_USER_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** AI requests one anonymous client address may make per hour (support widget, feedback). */
  AI_GUEST_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * Model answers one contact may get from the flows' AI Reply steps per UTC day (ADR 0037): past it
   * the step hands the conversation to a person, so strangers' DMs cannot use up the month's model
   * answers. 0: contacts never get model answers.
   */
  AI_CONTACT_ANSWERS_PER_DAY: z.coerce.number().int().min(0).max(1000).default(5),
  /** Requests one API key may make per minute to /api/v1 and POST /api/conversions (docs/api.md "Limits"); over it 429 with Retry-After. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string | undefined;
  database: { mode: 'external'; url: string } | { mode: 'embedded'; port: number };
  /** A streaming standby for lag-tolerant reads (DATABASE_READ_URL), or none. */
  databaseReadUrl: string | undefined;
  /** Cells and their directory (CELLS, DIRECTORY_DATABASE_URL, ADR 0051), or null: one database. */
  cells: CellsConfig | null;
  dataDir: string;
  sessionSecret: string | undefined;
  encryptionKey: string | undefined;
  /** Web Push (ADR 0045): the VAPID pair when both are set (else config/secrets.ts generates one outside production), and the contact. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  google: { clientId: string; clientSecret: string } | undefined;
  facebook: { appId: string; appSecret: string } | undefined;
  /** Raw values, so /api/auth/*\/status can say "id present, secret missing". */
  oauthRaw: { googleClientId?: string; googleSecret: boolean; facebookAppId?: string; facebookSecret: boolean };
  testLoginEnabled: boolean;
  /**
   * Who operates this instance. Undefined (ADMIN_EMAILS unset): outside production every non-demo
   * user does (a one-person install); in production nobody until it is set.
   */
  adminEmails: string[] | undefined;
  /** Per-visitor demo workspaces (POST /api/auth/test-login without an email). */
  demo: { enabled: boolean; perIpPerHour: number; ttlHours: number };
  /** GET /api/stats/public answers the instance-wide counts (PUBLIC_STATS); off: it says they are off. */
  publicStats: boolean;
  /** Days a new workspace spends on the trial plan (TRIAL_DAYS); undefined: no trials. */
  trialDays: number | undefined;
  /** Stripe billing (ADR 0046), when its key, webhook secret and every paid plan's price are set; undefined: off. */
  stripe: StripeConfig | undefined;
  metaGraphApiVersion: string;
  /** Meta Graph hosts, webhook verification and signing secrets (docs/platform-apis.md §1–§3). */
  meta: {
    graphBaseUrl: string;
    instagramGraphBaseUrl: string;
    dialogBaseUrl: string;
    graphApiVersion: string;
    /** undefined: derived from the session secret (config/secrets.ts `metaWebhookVerifyToken`). */
    webhookVerifyToken: string | undefined;
    /** Secrets a webhook signature may be made with: the Meta app's, and the Instagram app's if set. */
    webhookSecrets: string[];
    /** Instagram Login (no Facebook Page needed), when its app id and secret are set. */
    instagramLogin: { appId: string; appSecret: string; authorizeBaseUrl: string; apiBaseUrl: string } | undefined;
  };
  xApiBaseUrl: string;
  /** X connect (OAuth 2.0 PKCE) and webhooks, when the client id and secret are set. */
  x:
    | { clientId: string; clientSecret: string; consumerSecret: string | undefined; bearerToken: string | undefined; authorizeUrl: string; apiBaseUrl: string }
    | undefined;
  /** Retry policy of platform sends (activities/send-outbound.activity.ts). */
  sendRetry: { baseMs: number; maxAttempts: number };
  platformHttpTimeoutMs: number;
  /** Platform calls in flight per worker process (workers/send-pump.ts, ADR 0021). */
  sendMaxInFlight: number;
  /** Number of proxy hops to trust for X-Forwarded-* (client IP for rate limits, https for cookies). */
  trustProxy: number;
  logLevel: Env['LOG_LEVEL'];
  /** Bearer token of GET /metrics; undefined: /metrics is off. */
  metricsToken: string | undefined;
  workerConcurrency: number;
  jsonBodyLimit: string;
  /** Requests per API key per minute (docs/api.md). */
  apiKeyRequestsPerMinute: number;
  /** Backstop age of the web process's session cache (0: off); notices drop entries sooner (ADR 0016). */
  sessionCacheTtlSeconds: number;
  authRateLimitPer15Min: number;
  privateRepliesPerHour: number;
  workerStaleAfterMs: number;
  /** Minutes between platform checks of each account's token (0: off). */
  accountHealthIntervalMinutes: number;
  /** Missed-webhook reconciliation (ADR 0014): minutes between runs per account (0: off), Graph reads per hour per account. */
  reconcile: { everyMinutes: number; readsPerHour: number };
  /** Account mail: 'outbox' stores mails in dev_outbox (never in production), 'disabled' sends nothing. */
  mail: { mode: 'smtp' | 'outbox' | 'disabled'; smtpUrl: string | undefined; from: string };
  /** Sign-in delays and reset-mail allowances (api/auth/login-throttle.ts, password-reset.routes.ts). */
  loginThrottle: { failuresBeforeDelay: number; maxDelaySeconds: number; resetMailsPerAccountPerHour: number; resetMailsPerAddressPerHour: number };
  /** The AI assistant (integrations/ai/): which provider answers, or none (knowledge-base-only answers). */
  ai: AiConfig;
  /** The website scan's limits (activities/website-scan/). */
  websiteScan: { maxPages: number; timeoutMs: number; maxBytes: number; allowLoopback: boolean; userPerHour: number };
  /** The flow runtime (workers/flows). */
  flows: {
    retryBaseMs: number;
    maxAttempts: number;
    webhookTimeoutMs: number;
    webhookAllowLoopback: boolean;
    /** Queues per workspace for webhook and AI calls (FLOW_WEBHOOK_LANES). */
    webhookLanes: number;
    timerPumpIntervalMs: number;
  };
}

export type AiProviderConfig =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl: string }
  | { kind: 'openai-compatible'; baseUrl: string; model: string; apiKey: string | undefined };

export interface AiConfig {
  /** undefined: no model; answers quote the knowledge base (ADR 0011). */
  provider: AiProviderConfig | undefined;
  timeoutMs: number;
  maxRetries: number;
  retryBaseMs: number;
  userPerMinute: number;
  guestPerHour: number;
  contactAnswersPerDay: number;
}

function aiProvider(e: Env): AiProviderConfig | undefined {
  if (e.GEMINI_API_KEY) return { kind: 'gemini', apiKey: e.GEMINI_API_KEY, model: e.GEMINI_MODEL, baseUrl: e.GEMINI_BASE_URL.replace(/\/$/, '') };
  if (e.AI_BASE_URL && e.AI_MODEL) return { kind: 'openai-compatible', baseUrl: e.AI_BASE_URL.replace(/\/$/, ''), model: e.AI_MODEL, apiKey: e.AI_API_KEY };
  return undefined;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const cells = parseCells(e.CELLS, e.DIRECTORY_DATABASE_URL);
  if (cells.errors.length > 0) throw new ConfigError(cells.errors);
  const config: Config = {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    database: e.DATABASE_URL ? { mode: 'external', url: e.DATABASE_URL } : { mode: 'embedded', port: e.EMBEDDED_PG_PORT },
    databaseReadUrl: e.DATABASE_READ_URL,
    cells: cells.value,
    dataDir: path.resolve(e.DATA_DIR),
    sessionSecret: e.SESSION_SECRET,
    encryptionKey: e.APP_ENCRYPTION_KEY,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? vapidSubjectFrom(e.MAIL_FROM) },
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : undefined,
    facebook: e.FACEBOOK_APP_ID && e.FACEBOOK_APP_SECRET ? { appId: e.FACEBOOK_APP_ID, appSecret: e.FACEBOOK_APP_SECRET } : undefined,
    oauthRaw: {
      googleClientId: e.GOOGLE_CLIENT_ID,
      googleSecret: Boolean(e.GOOGLE_CLIENT_SECRET),
      facebookAppId: e.FACEBOOK_APP_ID,
      facebookSecret: Boolean(e.FACEBOOK_APP_SECRET),
    },
    // Never on by default — it signs into any demo account by email.
    testLoginEnabled: (e.ENABLE_TEST_LOGIN ?? false) && !isProduction,
    adminEmails: e.ADMIN_EMAILS?.split(',')
      .map((x) => x.trim().toLowerCase())
      .filter(Boolean),
    demo: { enabled: e.ENABLE_DEMO ?? !isProduction, perIpPerHour: e.DEMO_PER_IP_PER_HOUR, ttlHours: e.DEMO_TTL_HOURS },
    publicStats: e.PUBLIC_STATS ?? false,
    trialDays: e.TRIAL_DAYS,
    stripe: stripeConfig(e),
    metaGraphApiVersion: e.META_GRAPH_API_VERSION,
    meta: {
      graphBaseUrl: e.META_GRAPH_BASE_URL.replace(/\/$/, ''),
      instagramGraphBaseUrl: e.INSTAGRAM_GRAPH_BASE_URL.replace(/\/$/, ''),
      dialogBaseUrl: e.FACEBOOK_DIALOG_BASE_URL.replace(/\/$/, ''),
      graphApiVersion: e.META_GRAPH_API_VERSION,
      webhookVerifyToken: e.META_WEBHOOK_VERIFY_TOKEN,
      webhookSecrets: [e.FACEBOOK_APP_SECRET, e.INSTAGRAM_APP_SECRET].filter((s): s is string => Boolean(s)),
      instagramLogin:
        e.INSTAGRAM_APP_ID && e.INSTAGRAM_APP_SECRET
          ? {
              appId: e.INSTAGRAM_APP_ID,
              appSecret: e.INSTAGRAM_APP_SECRET,
              authorizeBaseUrl: e.INSTAGRAM_AUTHORIZE_BASE_URL.replace(/\/$/, ''),
              apiBaseUrl: e.INSTAGRAM_API_BASE_URL.replace(/\/$/, ''),
            }
          : undefined,
    },
    xApiBaseUrl: e.X_API_BASE_URL.replace(/\/$/, ''),
    x:
      e.X_CLIENT_ID && e.X_CLIENT_SECRET
        ? {
            clientId: e.X_CLIENT_ID,
            clientSecret: e.X_CLIENT_SECRET,
            consumerSecret: e.X_CONSUMER_SECRET,
            bearerToken: e.X_BEARER_TOKEN,
            authorizeUrl: e.X_AUTHORIZE_URL,
            apiBaseUrl: e.X_API_BASE_URL.replace(/\/$/, ''),
          }
        : undefined,
    sendRetry: { baseMs: e.SEND_RETRY_BASE_MS, maxAttempts: e.SEND_MAX_ATTEMPTS },
    platformHttpTimeoutMs: e.PLATFORM_HTTP_TIMEOUT_MS,
    sendMaxInFlight: e.SEND_MAX_IN_FLIGHT,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    workerConcurrency: e.WORKER_CONCURRENCY,
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    sessionCacheTtlSeconds: e.SESSION_CACHE_TTL_SECONDS,
    authRateLimitPer15Min: e.AUTH_RATE_LIMIT_PER_15_MIN,
    privateRepliesPerHour: e.PRIVATE_REPLIES_PER_HOUR,
    workerStaleAfterMs: e.WORKER_STALE_AFTER_MS,
    accountHealthIntervalMinutes: e.ACCOUNT_HEALTH_INTERVAL_MINUTES,
    reconcile: { everyMinutes: e.RECONCILE_EVERY_MINUTES, readsPerHour: e.RECONCILE_READS_PER_HOUR },
    mail: {
      mode: e.SMTP_URL ? 'smtp' : isProduction ? 'disabled' : 'outbox',
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
    },
    loginThrottle: {
      failuresBeforeDelay: e.LOGIN_FAILURES_BEFORE_DELAY,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
      resetMailsPerAccountPerHour: e.RESET_MAILS_PER_ACCOUNT_PER_HOUR,
      resetMailsPerAddressPerHour: e.RESET_MAILS_PER_ADDRESS_PER_HOUR,
    },
    ai: {
      provider: aiProvider(e),
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      retryBaseMs: e.AI_RETRY_BASE_MS,
      userPerMinute: e.AI_USER_PER_MINUTE,
      guestPerHour: e.AI_GUEST_PER_HOUR,
      contactAnswersPerDay: e.AI_CONTACT_ANSWERS_PER_DAY,
    },
    websiteScan: {
      maxPages: e.WEBSITE_SCAN_MAX_PAGES,
      timeoutMs: e.WEBSITE_SCAN_TIMEOUT_MS,
      maxBytes: e.WEBSITE_SCAN_MAX_BYTES,
      allowLoopback: e.WEBSITE_SCAN_ALLOW_LOOPBACK,
      userPerHour: e.WEBSITE_SCAN_USER_PER_HOUR,
    },
    flows: {
      retryBaseMs: e.FLOW_RETRY_BASE_MS,
      maxAttempts: e.FLOW_MAX_ATTEMPTS,
      webhookTimeoutMs: e.WEBHOOK_TIMEOUT_MS,
      webhookAllowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
      webhookLanes: e.FLOW_WEBHOOK_LANES,
      timerPumpIntervalMs: e.TIMER_PUMP_INTERVAL_MS,
    },
  };
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError(['AI_MODEL is required with AI_BASE_URL (the model name the OpenAI-compatible server serves)']);
  }
  if (isProduction && e.ENABLE_TEST_LOGIN) {
    throw new ConfigError(['ENABLE_TEST_LOGIN is for development only; use ENABLE_DEMO=true for the public "Try Live Demo"']);
  }
  const missing = missingProductionSecrets(config);
  if (missing.length > 0) {
    throw new ConfigError(missing.map((name) => `${name} is required when NODE_ENV=production`));
  }
  return config;
}

/** `mailto:` and the address in MAIL_FROM (`Name <a@b>` or `a@b`). */
function vapidSubjectFrom(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** In production nothing is generated: a missing secret is a deployment mistake. */
export function missingProductionSecrets(config: Config): string[] {
  if (!config.isProduction) return [];
  const missing: string[] = [];
  if (!config.sessionSecret) missing.push('SESSION_SECRET');
  if (!config.encryptionKey) missing.push('APP_ENCRYPTION_KEY');
  if (config.database.mode !== 'external') missing.push('DATABASE_URL');
  if (!config.publicUrl) missing.push('PUBLIC_URL');
  return missing;
}

/** Whether a user operates this instance (sees app-wide secrets such as the Meta verify token). */
export function isInstanceAdmin(config: Pick<Config, 'adminEmails' | 'isProduction'>, user: { email: string; isDemo: boolean }): boolean {
  if (user.isDemo) return false;
  if (config.adminEmails) return config.adminEmails.includes(user.email.toLowerCase());
  return !config.isProduction;
}

/**
 * Whether a user may open the admin console (/admin, /api/admin/*): only an email named in
 * ADMIN_EMAILS. Unlike `isInstanceAdmin`, the development default (everyone while it is unset) does
 * not apply: the console suspends and deletes other people's workspaces. Demo users never.
 */
export function isConsoleAdmin(config: Pick<Config, 'adminEmails'>, user: { email: string; isDemo: boolean }): boolean {
  return !user.isDemo && (config.adminEmails?.includes(user.email.toLowerCase()) ?? false);
}

/** The paid plans a Stripe price is set for (contracts/plans.ts ids). */
export type PaidPlanId = 'starter' | 'pro' | 'enterprise';

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The recurring price of each paid plan; a webhook's price id maps back to the plan through it. */
  prices: Record<PaidPlanId, string>;
  /** undefined: api.stripe.com. */
  apiBase: string | undefined;
}

/** All of STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the three prices, or billing stays off. */
function stripeConfig(e: Env): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
  const starter = e.STRIPE_PRICE_STARTER;
  const pro = e.STRIPE_PRICE_PRO;
  const enterprise = e.STRIPE_PRICE_ENTERPRISE;
  if (!secretKey || !webhookSecret || !starter || !pro || !enterprise) return undefined;
  return { secretKey, webhookSecret, prices: { starter, pro, enterprise }, apiBase: e.STRIPE_API_BASE };
}
