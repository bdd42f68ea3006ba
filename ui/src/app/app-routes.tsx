import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '../features/auth/auth-layout';
import { LandingPage } from '../pages/landing/landing.page';
import { PublicLayout } from '../pages/public-layout/public-layout';
import { AdaptiveLayout } from './adaptive-layout';
import * as P from './lazy-pages';
import { MinimalLayout } from './minimal-layout';
import { RedirectKeepingQuery } from './redirect-keeping-query';
import { NotFoundPage } from './not-found.page';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';

/**
 * docs/product-spec.md §2 route table. The landing page is eager; every other page is its own lazy chunk.
 * tests/e2e/every-route.e2e.test.ts walks this table, so a route added here is checked for phone
 * overflow and accessibility without touching the test.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/features', element: <P.FeaturesPage /> },
          { path: '/pricing', element: <P.PricingPage /> },
          { path: '/about', element: <P.AboutPage /> },
          { path: '/contact', element: <P.ContactPage /> },
          { path: '/privacy', element: <P.PrivacyPage /> },
          { path: '/terms', element: <P.TermsPage /> },
          { path: '/cookies', element: <P.CookiesPage /> },
          { path: '/gdpr', element: <P.GdprPage /> },
          { path: '/blog', element: <P.BlogPage /> },
          { path: '/community', element: <P.CommunityPage /> },
          { path: '/help', element: <P.HelpPage /> },
          { path: '/faq', element: <P.FaqPage /> },
          { path: '/resources', element: <P.ResourcesPage /> },
          { path: '/case-studies', element: <P.CaseStudiesPage /> },
          { path: '/academy', element: <P.AcademyPage /> },
          { path: '/integrations', element: <P.IntegrationsPage /> },
          { path: '/support', element: <P.SupportPage /> },
          { path: '/api-docs', element: <P.ApiDocsPage /> },
          { path: '/docs', element: <Navigate to="/docs/getting-started" replace /> },
          { path: '/docs/:slug', element: <P.DocsPage /> },
        ],
      },
      {
        element: <AdaptiveLayout />,
        children: [
          { path: '/templates', element: <P.TemplatesPage /> },
          { path: '/connect-accounts', element: <P.ConnectAccountsPage /> },
          { path: '/social-messaging', element: <P.SocialMessagingPage /> },
          { path: '/webhook-setup', element: <P.WebhookSetupPage /> },
          { path: '/facebook/setup', element: <P.FacebookSetupPage /> },
          { path: '/whatsapp/setup', element: <P.WhatsAppSetupPage /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <P.LoginPage /> },
          { path: '/register', element: <P.RegisterPage /> },
          { path: '/forgot-password', element: <P.ForgotPasswordPage /> },
          { path: '/reset-password', element: <P.ResetPasswordPage /> },
          { path: '/invite', element: <P.AcceptInvitationPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              { path: '/dashboard', element: <P.DashboardPage /> },
              { path: '/settings', element: <P.SettingsPage /> },
              { path: '/settings/team', element: <P.TeamPage /> },
              { path: '/settings/audit-log', element: <P.AuditLogPage /> },
              { path: '/analytics', element: <P.AnalyticsPage /> },
              // Aliases from docs/product-spec.md §2: one URL per page, the others redirect to it.
              { path: '/premium-analytics', element: <Navigate to="/analytics" replace /> },
              { path: '/flows', element: <P.FlowsPage /> },
              { path: '/flows/:id', element: <P.FlowEditorPage /> },
              { path: '/flow-builder', element: <P.FlowEditorPage /> },
              { path: '/runs', element: <P.RunsPage /> },
              { path: '/runs/:id', element: <P.RunDetailPage /> },
              { path: '/inbox', element: <P.InboxPage /> },
              // The former Conversation Manager: one page for conversations, the inbox.
              { path: '/conversations', element: <RedirectKeepingQuery to="/inbox" /> },
              { path: '/leads', element: <P.LeadsPage /> },
              { path: '/failed-sends', element: <P.FailedSendsPage /> },
              { path: '/sales-leads', element: <Navigate to="/leads" replace /> },
              { path: '/broadcasts', element: <P.BroadcastsPage /> },
              { path: '/sequences', element: <P.SequencesPage /> },
              { path: '/growth-links', element: <P.GrowthLinksPage /> },
              { path: '/bookings', element: <P.BookingsPage /> },
              { path: '/ai-chat', element: <P.AiChatPage /> },
              { path: '/knowledge', element: <P.KnowledgePage /> },
              { path: '/comment-growth', element: <P.CommentGrowthPage /> },
              { path: '/automation', element: <P.AutomationPage /> },
              { path: '/account/billing', element: <P.BillingPage /> },
              { path: '/simulator', element: <P.SimulatorPage /> },
              { path: '/admin', element: <P.AdminPage /> },
            ],
          },
        ],
      },
      {
        element: <MinimalLayout />,
        children: [
          { path: '/oauth-setup', element: <P.OAuthSetupPage /> },
          { path: '/oauth-working', element: <P.OAuthWorkingPage /> },
          { path: '/oauth-test', element: <P.OAuthTestPage /> },
          { path: '/oauth-login', element: <Navigate to="/quick-login" replace /> },
          { path: '/quick-login', element: <P.QuickLoginPage /> },
          { path: '/test-login', element: <P.TestLoginPage /> },
          { path: '/login-success', element: <P.LoginSuccessPage /> },
          // Onboarding and the diagnostics (which probe the signed-in API of a workspace) need sign-in.
          // The OAuth setup/status pages above stay public, as an operator needs them before any sign-in works.
          {
            element: <RequireAuth />,
            children: [
              // Setup works on the visitor's own workspace: signed out, /login first and back here after.
              { path: '/onboarding', element: <P.OnboardingPage /> },
              { path: '/system-test', element: <P.SystemTestPage /> },
              { path: '/comprehensive-test', element: <P.ComprehensiveTestPage /> },
              { path: '/real-data-test', element: <P.RealDataTestPage /> },
              { path: '/feature-validation', element: <P.FeatureValidationPage /> },
            ],
          },
          { path: '/dev/outbox', element: <P.DevOutboxPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
