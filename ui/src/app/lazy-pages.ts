import { lazyPage } from './lazy-page';

// Public marketing pages.
export const FeaturesPage = lazyPage(() => import('../pages/features.page'), 'FeaturesPage');
export const PricingPage = lazyPage(() => import('../pages/pricing/pricing.page'), 'PricingPage');
export const AboutPage = lazyPage(() => import('../pages/about.page'), 'AboutPage');
export const ContactPage = lazyPage(() => import('../pages/contact/contact.page'), 'ContactPage');
export const PrivacyPage = lazyPage(() => import('../pages/legal/privacy.page'), 'PrivacyPage');
export const TermsPage = lazyPage(() => import('../pages/legal/terms.page'), 'TermsPage');
export const CookiesPage = lazyPage(() => import('../pages/legal/cookies.page'), 'CookiesPage');
export const GdprPage = lazyPage(() => import('../pages/legal/gdpr.page'), 'GdprPage');
export const BlogPage = lazyPage(() => import('../pages/blog.page'), 'BlogPage');
export const CommunityPage = lazyPage(() => import('../pages/community.page'), 'CommunityPage');
export const HelpPage = lazyPage(() => import('../pages/help.page'), 'HelpPage');
export const FaqPage = lazyPage(() => import('../pages/faq/faq.page'), 'FaqPage');
export const ResourcesPage = lazyPage(() => import('../pages/resources.page'), 'ResourcesPage');
export const CaseStudiesPage = lazyPage(() => import('../pages/case-studies.page'), 'CaseStudiesPage');
export const AcademyPage = lazyPage(() => import('../pages/academy.page'), 'AcademyPage');
export const IntegrationsPage = lazyPage(() => import('../pages/integrations.page'), 'IntegrationsPage');
export const SupportPage = lazyPage(() => import('../pages/support.page'), 'SupportPage');
export const ApiDocsPage = lazyPage(() => import('../pages/api-docs.page'), 'ApiDocsPage');
export const DocsPage = lazyPage(() => import('../pages/docs/docs.page'), 'DocsPage');

// Pages shown in the app shell when signed in, in the public frame otherwise.
export const TemplatesPage = lazyPage(() => import('../features/templates/templates.page'), 'TemplatesPage');
export const ConnectAccountsPage = lazyPage(() => import('../features/accounts/connect-accounts.page'), 'ConnectAccountsPage');
export const SocialMessagingPage = lazyPage(() => import('../features/social-messaging/social-messaging.page'), 'SocialMessagingPage');
export const WebhookSetupPage = lazyPage(() => import('../features/diagnostics/webhook-setup.page'), 'WebhookSetupPage');

// Teams: the invitation link's page (public), Settings → Team and Audit log.
export const AcceptInvitationPage = lazyPage(() => import('../features/team/accept-invitation.page'), 'AcceptInvitationPage');
export const TeamPage = lazyPage(() => import('../features/team/team.page'), 'TeamPage');
export const AuditLogPage = lazyPage(() => import('../features/team/audit-log.page'), 'AuditLogPage');
export const AdminPage = lazyPage(() => import('../features/admin/admin.page'), 'AdminPage');

// Auth.
export const LoginPage = lazyPage(() => import('../features/auth/login.page'), 'LoginPage');
export const RegisterPage = lazyPage(() => import('../features/auth/register.page'), 'RegisterPage');
export const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password.page'), 'ForgotPasswordPage');
export const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password.page'), 'ResetPasswordPage');
export const DevOutboxPage = lazyPage(() => import('../features/auth/dev-outbox.page'), 'DevOutboxPage');
export const OnboardingPage = lazyPage(() => import('../features/onboarding/onboarding.page'), 'OnboardingPage');
export const FacebookSetupPage = lazyPage(() => import('../features/onboarding/setup/facebook-setup.page'), 'FacebookSetupPage');
export const WhatsAppSetupPage = lazyPage(() => import('../features/onboarding/setup/whatsapp-setup.page'), 'WhatsAppSetupPage');

// Signed-in tools.
export const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard.page'), 'DashboardPage');
export const SettingsPage = lazyPage(() => import('../features/settings/settings.page'), 'SettingsPage');
export const AnalyticsPage = lazyPage(() => import('../features/analytics/analytics.page'), 'AnalyticsPage');
export const FlowsPage = lazyPage(() => import('../features/flows/flows.page'), 'FlowsPage');
export const FlowEditorPage = lazyPage(() => import('../features/flows/flow-editor.page'), 'FlowEditorPage');
export const RunsPage = lazyPage(() => import('../features/runs/runs.page'), 'RunsPage');
export const RunDetailPage = lazyPage(() => import('../features/runs/run-detail.page'), 'RunDetailPage');
export const InboxPage = lazyPage(() => import('../features/inbox/inbox.page'), 'InboxPage');
export const FailedSendsPage = lazyPage(() => import('../features/failed-sends/failed-sends.page'), 'FailedSendsPage');
export const LeadsPage = lazyPage(() => import('../features/leads/leads.page'), 'LeadsPage');
export const GrowthLinksPage = lazyPage(() => import('../features/growth/growth-links.page'), 'GrowthLinksPage');
export const BookingsPage = lazyPage(() => import('../features/bookings/bookings.page'), 'BookingsPage');
export const BroadcastsPage = lazyPage(() => import('../features/broadcasts/broadcasts.page'), 'BroadcastsPage');
export const SequencesPage = lazyPage(() => import('../features/sequences/sequences.page'), 'SequencesPage');
export const KnowledgePage = lazyPage(() => import('../features/knowledge/knowledge.page'), 'KnowledgePage');
export const AiChatPage = lazyPage(() => import('../features/ai-chat/ai-chat.page'), 'AiChatPage');
export const CommentGrowthPage = lazyPage(() => import('../features/comment-rules/comment-growth.page'), 'CommentGrowthPage');
export const AutomationPage = lazyPage(() => import('../features/automation/automation.page'), 'AutomationPage');
export const BillingPage = lazyPage(() => import('../features/billing/billing.page'), 'BillingPage');
export const SimulatorPage = lazyPage(() => import('../features/simulator/simulator.page'), 'SimulatorPage');

// Diagnostics (no guard).
export const OAuthSetupPage = lazyPage(() => import('../features/diagnostics/oauth-setup.page'), 'OAuthSetupPage');
export const OAuthWorkingPage = lazyPage(() => import('../features/diagnostics/oauth-working.page'), 'OAuthWorkingPage');
export const OAuthTestPage = lazyPage(() => import('../features/diagnostics/oauth-test.page'), 'OAuthTestPage');
export const QuickLoginPage = lazyPage(() => import('../features/diagnostics/quick-login.page'), 'QuickLoginPage');
export const TestLoginPage = lazyPage(() => import('../features/diagnostics/test-login.page'), 'TestLoginPage');
export const LoginSuccessPage = lazyPage(() => import('../features/diagnostics/login-success.page'), 'LoginSuccessPage');
export const SystemTestPage = lazyPage(() => import('../features/diagnostics/system-test.page'), 'SystemTestPage');
export const ComprehensiveTestPage = lazyPage(() => import('../features/diagnostics/comprehensive-test.page'), 'ComprehensiveTestPage');
export const RealDataTestPage = lazyPage(() => import('../features/diagnostics/real-data-test.page'), 'RealDataTestPage');
export const FeatureValidationPage = lazyPage(() => import('../features/diagnostics/feature-validation.page'), 'FeatureValidationPage');
