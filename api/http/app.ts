import { IMPORT_BODY_LIMIT } from '../../contracts/contact-import';
import { contactImportRoutes } from '../features/contact-import/contact-import.routes';
import express, { type RequestHandler } from 'express';
import session from 'express-session';
import type { Logger } from 'pino';
import type { Config } from '../../config/config';
import { metaWebhookVerifyToken, type Secrets } from '../../config/secrets';
import { pushRoutes } from '../features/push/push.routes';
import type { Database } from '../../db/client';
import type { ReadRouter } from '../../db/read-replica';
import { readYourWrites } from './read-your-writes';
import { accountRoutes } from '../auth/account.routes';
import { MAIL_DISABLED_WARNING } from '../../activities/account-mailer';
import { authRoutes } from '../auth/auth.routes';
import { demoRoutes } from '../auth/demo.routes';
import { devOutboxRoutes } from '../auth/dev-outbox.routes';
import { deviceCookies } from '../auth/device-cookie';
import { createLoginThrottles } from '../auth/login-throttle';
import { oauthRoutes } from '../auth/oauth.routes';
import { createPassport, type OAuthEndpoints } from '../auth/passport';
import { PgSessionStore } from '../auth/pg-session-store';
import { SessionCache } from '../auth/session-cache';
import { sessionWrites } from '../auth/session-writes';
import { passwordResetRoutes } from '../auth/password-reset.routes';
import { activeWorkspace } from '../auth/active-workspace';
import { auditLogRoutes } from '../features/team/audit-log.routes';
import { eventWebhookRoutes } from '../features/event-webhooks/event-webhooks.routes';
import { eventWebhookService } from '../features/event-webhooks/event-webhooks.service';
import { invitationLookupRoutes, teamRoutes } from '../features/team/team.routes';
import { teamService } from '../features/team/team.service';
import { workspacesRoutes } from '../features/team/workspaces.routes';
import { kbChatRoutes, smartKbRoutes } from '../features/ai/kb-chat.routes';
import { suggestReplyRoutes } from '../features/ai/suggest-reply.routes';
import { supportChatRoutes } from '../features/ai/support-chat.routes';
import { notificationsRoutes } from '../features/notifications/notifications.routes';
import { createAiRuntime } from '../../integrations/ai/ai-model';
import { healthRoutes } from '../features/health/health.routes';
import { createInstanceMetrics } from '../features/metrics/instance-metrics';
import { metricsRoutes } from '../features/metrics/metrics.routes';
import { newsletterRoutes } from '../features/newsletter/newsletter.routes';
import { statsRoutes } from '../features/stats/stats.routes';
import { billingRoutes, publicPlansRoutes } from '../features/billing/plans.routes';
import { stripeBillingRoutes, stripeWebhookRoutes } from '../features/billing/stripe.routes';
import { createStripeClient } from '../../integrations/stripe/stripe-client';
import { dashboardRoutes } from '../features/dashboard/dashboard.routes';
import { gettingStartedRoutes } from '../features/dashboard/getting-started.routes';
import { timeZoneRoutes } from '../features/workspace/time-zone.routes';
import { optOutRoutes } from '../features/workspace/opt-out.routes';
import { takeoverRoutes } from '../features/workspace/takeover.routes';
import { autoAssignRoutes } from '../features/workspace/auto-assign.routes';
import { automationRoutes } from '../features/automation/automation.routes';
import { commentGrowthRoutes } from '../features/comment-rules/comment-growth.routes';
import { failedSendsRoutes } from '../features/failed-sends/failed-sends.routes';
import { leadsRoutes } from '../features/leads/leads.routes';
import { savedRepliesRoutes } from '../features/saved-replies/saved-replies.routes';
import { broadcastsRoutes } from '../features/broadcasts/broadcasts.routes';
import { sequencesRoutes } from '../features/sequences/sequences.routes';
import { analyticsRoutes } from '../features/analytics/analytics.routes';
import { conversionsRoutes } from '../features/conversions/conversions.routes';
import { apiKeysRoutes } from '../features/api-keys/api-keys.routes';
import { apiV1Routes, openApiRoutes } from '../features/api-v1/api-v1.routes';
import { mcpRoutes } from '../features/mcp/mcp.routes';
import { apiKeyAuth } from './api-key-auth';
import { commentRulesRoutes } from '../features/comment-rules/comment-rules.routes';
import { inboxRoutes } from '../features/inbox/inbox.routes';
import { knowledgeRoutes } from '../features/knowledge/knowledge.routes';
import { websiteScanRoutes } from '../features/knowledge/website-scan.routes';
import { flowsRoutes } from '../features/flows/flows.routes';
import { onboardingRoutes } from '../features/onboarding/onboarding.routes';
import { publicTemplatesRoutes, templatesRoutes } from '../features/templates/templates.routes';
import { runsRoutes } from '../features/flows/runs.routes';
import { simulatorRoutes } from '../features/simulator/simulator.routes';
import { socialAccountsRoutes } from '../features/social-accounts/social-accounts.routes';
import { growthLinksRoutes } from '../features/growth/growth-links.routes';
import { bookingIcsRoutes, bookingsRoutes } from '../features/bookings/bookings.routes';
import { messengerProfileRoutes } from '../features/social-accounts/messenger-profile.routes';
import { commentModerationRoutes } from '../features/social-accounts/comment-moderation.routes';
import { connectedAccountsRoutes } from '../features/social-accounts/connected-accounts.routes';
import { instagramProfileRoutes } from '../features/social-accounts/instagram-profile.routes';
import { metaAccountsRoutes } from '../features/social-accounts/meta-accounts.routes';
import { metaConnectRoutes } from '../features/social-accounts/meta-connect.routes';
import { instagramConnectRoutes } from '../features/social-accounts/instagram-connect.routes';
import { xConnectRoutes } from '../features/social-accounts/x-connect.routes';
import { connectOptionsRoutes } from '../features/social-accounts/connect-options.routes';
import { metaWebhookRoutes } from '../features/webhooks/meta-webhook.routes';
import { webhookSetupRoutes } from '../features/webhooks/webhook-setup.routes';
import { xWebhookRoutes } from '../features/webhooks/x-webhook.routes';
import { createTokenCipher } from '../../integrations/crypto/token-cipher';
import { linksRoutes } from '../features/links/links.routes';
import { adminRoutes } from '../features/admin/admin.routes';
import { refuseWhileSuspended, suspensionRoutes } from '../features/workspace/suspension.routes';
import { sendLimitsFromConfig } from '../../db/sends/send-limits';
import { apiNotFound, errorHandler } from './errors';
import { atPrefixUnstripped, authedRouter, currentActor } from './routers';
import { checkRequestInput } from './validate';
import { sameOriginOnly, securityHeaders, sessionCookieSecure } from './security';
import { mountUi } from './ui';
import type { ShardWakes } from '../../db/inbound/wake-shards';

export const SESSION_COOKIE = 'rp.sid';
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export interface AppDeps {
  config: Config;
  secrets: Secrets;
  database: Database;
  /** Where lag-tolerant reads go: a read replica when configured (ADR 0039), else the primary. */
  reads: ReadRouter;
  log: Logger;
  role: 'web' | 'all';
  ui: 'static' | 'dev' | 'none';
  version: string;
  /** Tests point OAuth at a contract fake. */
  oauthEndpoints?: OAuthEndpoints;
  /** This process's in-memory wakes of inbound shard jobs (bin/boot.ts, ADR 0032): ingests signal a listening job directly. */
  shardWakes?: ShardWakes;
}

export interface BuiltApp {
  app: express.Express;
  /** session + passport + active workspace, reused by /ws to learn who connects and where */
  sessionMiddlewares: RequestHandler[];
  /** Sessions and users in memory; the web server's LISTEN connection keeps it true (ADR 0016). */
  sessionCache: SessionCache;
  close(): Promise<void>;
}

export async function createApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, secrets, database, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  // Prometheus (ADR 0036), only with METRICS_TOKEN: its timer first, so it sees every request, webhooks included.
  const metrics = config.metricsToken
    ? createInstanceMetrics({
        pool: database.pool,
        log,
        workerStaleAfterMs: config.workerStaleAfterMs,
        replica: deps.reads.configured ? deps.reads : undefined,
      })
    : undefined;
  if (metrics) app.use(metrics.middleware);
  app.use(metricsRoutes(config.metricsToken, metrics?.registry));

  // First, before helmet, the JSON parser and sessions: Meta's signature is over the raw bytes
  // (docs/platform-apis.md §1.2), and a platform's server-to-server POST needs no browser headers,
  // cookie or session; at low volume Meta sends one POST per event, so each middleware skipped counts.
  const wakes = deps.shardWakes;
  app.use(metaWebhookRoutes({ pool: database.pool, config, verifyToken: metaWebhookVerifyToken(config, secrets), log, wakes }));
  app.use(xWebhookRoutes({ pool: database.pool, config, log, wakes }));
  // Stripe billing (ADR 0046) only with its key, webhook secret and prices; its webhook likewise signed over raw bytes.
  const stripe = config.stripe ? { config: config.stripe, client: createStripeClient(config.stripe, config.platformHttpTimeoutMs) } : undefined;
  app.use(stripeWebhookRoutes({ pool: database.pool, billing: stripe, publicUrl: config.publicUrl, log }));
  app.use(securityHeaders({ dev: deps.ui === 'dev', publicUrl: config.publicUrl, log }));
  // A flow graph of a few hundred nodes is larger than an ordinary request.
  app.use('/api/flows', express.json({ limit: '2mb' }));
  // A knowledge document may be 100,000 characters (contracts/knowledge.ts), more bytes once JSON-escaped.
  app.use('/api/knowledge', express.json({ limit: '512kb' }));
  // A contact import carries its CSV (up to 20 MB, contracts/contact-import.ts) in the JSON body.
  app.use('/api/contacts/import', express.json({ limit: IMPORT_BODY_LIMIT }));
  app.use(express.json({ limit: config.jsonBodyLimit }));
  app.use(checkRequestInput);
  // Probes before sessions: an orchestrator's liveness check must not depend on the session store's database.
  app.use(healthRoutes({ pool: database.pool, reads: deps.reads, role: deps.role, dbMode: config.database.mode, version: deps.version }));

  // Sessions live in PostgreSQL (user_sessions); each web process keeps the ones in use in memory,
  // dropped by NOTIFY from whichever process ends or changes them (ADR 0016).
  const clock = () => Date.now();
  // From PUBLIC_URL's scheme, not NODE_ENV: production over plain http must still sign people in.
  const secureCookies = sessionCookieSecure(config, log);
  const sessionCache = new SessionCache({ ttlMs: config.sessionCacheTtlSeconds * 1000, maxEntries: 10_000, now: clock });
  const sessionMiddleware = session({
    name: SESSION_COOKIE,
    secret: secrets.sessionSecret,
    // The worker prunes expired rows (workers/maintenance); web processes never run DDL. The store
    // has no touch: express-session would otherwise write every unmodified session back at the end of
    // each request, an UPDATE (and a WAL flush) per signed-in API call. The cookie is not rolling, so
    // the row's expiry set when the session is saved is already the cookie's.
    store: new PgSessionStore(database.pool, sessionCache, clock, THIRTY_DAYS_MS),
    resave: false,
    saveUninitialized: false,
    // Not rolling: a rolling session rewrites its row on every request (an UPDATE per API call).
    rolling: false,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      maxAge: THIRTY_DAYS_MS,
    },
  });
  const passport = createPassport(database.pool, config, deps.oauthEndpoints, sessionCache);
  // Then the workspace the request acts in and the role there, from the cached user (ADR 0038).
  const sessionMiddlewares: RequestHandler[] = [sessionMiddleware, passport.initialize(), passport.session(), activeWorkspace];
  app.use(sessionMiddlewares);
  // A signed-in user's own state-changing request is never answered from, nor followed by, a stale cache.
  app.use(sessionWrites(sessionCache));
  // Nor are a browser's later reads answered by a read replica that has not replayed its writes.
  const { recordWrites, reads } = readYourWrites(deps.reads, secureCookies);
  app.use(recordWrites);

  // Webhooks authenticate by signature, not by origin.
  app.use(sameOriginOnly(config.publicUrl, ['/api/webhooks/', '/api/conversions', '/api/v1/']));

  app.use(demoRoutes({ pool: database.pool, config }));
  if (config.mail.mode === 'disabled') log.warn({}, MAIL_DISABLED_WARNING);
  const devices = deviceCookies(secrets.sessionSecret, secureCookies);
  const throttles = createLoginThrottles(database.pool, config, devices);
  app.use(authRoutes({ pool: database.pool, config, passport, cookieName: SESSION_COOKIE, throttles, devices }));
  app.use(passwordResetRoutes({ pool: database.pool, config, sessionCache, throttles, devices }));
  // account.routes.ts spells full paths; its guard must still see only /api/account/*.
  app.use(atPrefixUnstripped('/api/account', accountRoutes({ pool: database.pool, cookieName: SESSION_COOKIE, throttles })));
  app.use(devOutboxRoutes(database.pool, config));
  app.use(oauthRoutes(config, passport));
  app.use(newsletterRoutes(database.pool));
  app.use(statsRoutes(reads, config.publicStats));
  app.use(publicPlansRoutes({ pool: database.pool, trialDays: config.trialDays, checkout: Boolean(stripe) }));
  app.use(linksRoutes(database.pool));
  app.use(bookingIcsRoutes(database.pool, () => new Date(Date.now())));
  const { pool } = database;
  const cipher = createTokenCipher(secrets.encryptionKey);
  const verifyToken = metaWebhookVerifyToken(config, secrets);
  // Public OAuth callbacks at the root; every signed-in feature at its own prefix, where its
  // router-level guard answers 401 for that prefix only (api/http/routers.ts).
  app.use(metaConnectRoutes({ pool, config, cipher, log }));
  app.use(instagramConnectRoutes({ pool, config, cipher, log }));
  app.use(xConnectRoutes({ pool, config, cipher, log }));
  app.use(connectOptionsRoutes(config));
  // The admin console (ADR 0042): ADMIN_EMAILS only, 404 for anyone else; and a suspended workspace's automation stays as it is.
  app.use('/api/admin', adminRoutes({ pool, config, log }));
  app.use('/api/workspace/suspension', suspensionRoutes(pool));
  app.use(['/api/flows', '/api/comment-rules', '/api/broadcasts', '/api/sequences', '/api/automation'], refuseWhileSuspended(pool));
  app.use('/api/social-accounts', socialAccountsRoutes(pool, { config, cipher, log }));
  app.use('/api/social-accounts', messengerProfileRoutes(pool, { config, cipher, log }));
  app.use('/api/social-accounts', commentModerationRoutes(pool));
  app.use('/api/social-accounts', metaAccountsRoutes({ pool, config, cipher, limits: sendLimitsFromConfig(config) }));
  app.use('/api/accounts', connectedAccountsRoutes(pool));
  app.use('/api/instagram', instagramProfileRoutes({ pool, config, cipher }));
  app.use('/api/webhooks/facebook/setup', webhookSetupRoutes(config, verifyToken));
  app.use('/api/conversations', inboxRoutes(pool, sendLimitsFromConfig(config), reads));
  app.use('/api/comment-rules', commentRulesRoutes(pool, config.privateRepliesPerHour));
  app.use('/api/leads', leadsRoutes(pool, reads));
  app.use('/api/contacts/import', contactImportRoutes(pool));
  app.use('/api/saved-replies', savedRepliesRoutes(pool));
  app.use('/api/failed-sends', failedSendsRoutes(pool, sendLimitsFromConfig(config)));
  app.use('/api/broadcasts', broadcastsRoutes(pool));
  app.use('/api/sequences', sequencesRoutes(pool));
  app.use(
    '/api/automation',
    automationRoutes(pool, () => new Date(Date.now())),
  );
  app.use('/api/dashboard/getting-started', gettingStartedRoutes(pool));
  app.use(
    '/api/dashboard',
    dashboardRoutes(reads, () => new Date(Date.now())),
  );
  // Links are wrapped with PUBLIC_URL, or this process's own URL when it also runs the worker.
  app.use('/api/analytics', analyticsRoutes(reads, Boolean(config.publicUrl) || deps.role === 'all'));
  // API keys (docs/api.md): managed by owners and admins; a key authenticates the shop and public API routes.
  const keyAuth = apiKeyAuth(pool, { perMinute: config.apiKeyRequestsPerMinute });
  app.use('/api/conversions', conversionsRoutes(pool, keyAuth));
  app.use('/api/api-keys', apiKeysRoutes(pool));
  app.use(openApiRoutes());
  // Event webhooks out (docs/api-webhooks.md): the same service for Settings and for API keys at /api/v1/webhooks.
  const eventWebhooks = eventWebhookService(pool, { cipher, guard: { allowLoopback: config.flows.webhookAllowLoopback } });
  app.use('/api/v1', apiV1Routes({ pool, limits: sendLimitsFromConfig(config), webhooks: eventWebhooks }, keyAuth));
  // The MCP server (docs/api-import-mcp.md): the same keys, scopes and per-key limit as /api/v1.
  app.use('/mcp', mcpRoutes({ pool, limits: sendLimitsFromConfig(config), log }, keyAuth));
  app.use('/api/settings/time-zone', timeZoneRoutes(pool));
  app.use('/api/settings/opt-out', optOutRoutes(pool));
  app.use('/api/settings/takeover', takeoverRoutes(pool));
  app.use('/api/settings/auto-assign', autoAssignRoutes(pool));
  app.use('/api/automation', commentGrowthRoutes(pool));
  app.use('/api/simulator', simulatorRoutes(pool, log, wakes));
  app.use('/api/flows', flowsRoutes(pool));
  app.use('/api/growth/links', growthLinksRoutes(pool));
  app.use(
    '/api/bookings',
    bookingsRoutes(pool, () => new Date(Date.now())),
  );
  app.use('/api/runs', runsRoutes(pool));
  // The AI assistant (ADR 0011): one runtime (or none: knowledge-base-only answers) for all its routes.
  const aiDeps = { pool, log, ai: createAiRuntime(config.ai), userPerMinute: config.ai.userPerMinute };
  app.use('/api/kb', kbChatRoutes(aiDeps));
  app.use('/api/smartkb', smartKbRoutes(aiDeps));
  app.use('/api/inbox/conversations', suggestReplyRoutes(aiDeps));
  app.use(supportChatRoutes(aiDeps, config.ai));
  app.use('/api/notifications', notificationsRoutes(pool));
  app.use('/api/push', pushRoutes(pool, secrets.vapid.publicKey));
  app.use('/api/knowledge', knowledgeRoutes(pool));
  app.use('/api/website', websiteScanRoutes(pool, config.websiteScan));
  // Browsing templates is public; saving and activating are not (same prefix, public routes first).
  app.use('/api/templates', publicTemplatesRoutes(pool));
  app.use('/api/templates', templatesRoutes(pool));
  app.use('/api/onboarding', onboardingRoutes(pool));
  // Teams (ADR 0038): what an invitation link is for is public; the rest is signed in.
  app.use('/api/team', invitationLookupRoutes(pool));
  app.use('/api/team', teamRoutes({ pool, config, team: teamService(pool, (userId) => sessionCache.forgetUser(userId)) }));
  app.use('/api/workspaces', workspacesRoutes(pool));
  app.use('/api/audit-log', auditLogRoutes(pool));
  app.use('/api/billing', billingRoutes({ pool, trialDays: config.trialDays, checkout: Boolean(stripe) }));
  app.use('/api/billing', stripeBillingRoutes({ pool, billing: stripe, publicUrl: config.publicUrl, log }));
  // Settings → Webhooks: owners and admins.
  app.use('/api/event-webhooks', eventWebhookRoutes(authedRouter('settings:manage'), eventWebhooks, currentActor));

  app.use('/api', apiNotFound);
  const closeUi = await mountUi(app, deps.ui);
  app.use(errorHandler(log));

  return { app, sessionMiddlewares, sessionCache, close: closeUi };
}
