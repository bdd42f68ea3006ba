import type { DiagnosticCheck } from './diagnostic.types';
import {
  probeAiStatus,
  probeAutomation,
  probeConversations,
  probeCurrentUser,
  probeDashboard,
  probeKnowledge,
  probeSocialAccounts,
  probeWebhookConfig,
  probeDatabase,
  probeHealth,
  probeNewsletterValidation,
  probeOAuth,
  probeServiceWorker,
  probeWebSocketPing,
} from './diagnostic.probes';

/** The 15 feature checks of /real-data-test and /feature-validation, each a real request. */
export const featureChecks: DiagnosticCheck[] = [
  { id: 'session', name: 'Session & current user', category: 'Authentication', run: probeCurrentUser },
  { id: 'google', name: 'Google sign-in', category: 'Authentication', run: () => probeOAuth('google') },
  { id: 'facebook', name: 'Facebook sign-in', category: 'Authentication', run: () => probeOAuth('facebook') },
  { id: 'health', name: 'API health', category: 'Core System', run: probeHealth },
  { id: 'database', name: 'Database connection', category: 'Core System', run: () => probeDatabase() },
  { id: 'sw', name: 'Service worker', category: 'Core System', run: probeServiceWorker },
  { id: 'ws', name: 'WebSocket ping', category: 'Real-time', run: () => probeWebSocketPing(3000) },
  { id: 'newsletter', name: 'Newsletter sign-up validation', category: 'Messaging', run: probeNewsletterValidation },
  { id: 'inbox', name: 'Unified inbox', category: 'Messaging', run: probeConversations },
  { id: 'webhooks', name: 'Webhooks configuration', category: 'Messaging', run: probeWebhookConfig },
  { id: 'accounts', name: 'Connected social accounts', category: 'Social Media', run: probeSocialAccounts },
  { id: 'ai-chat', name: 'AI provider status', category: 'AI & Chatbot', run: probeAiStatus },
  { id: 'kb', name: 'Knowledge base', category: 'AI & Chatbot', run: probeKnowledge },
  { id: 'analytics', name: "Dashboard's today figures", category: 'Analytics', run: probeDashboard },
  { id: 'flows', name: 'Flows, rules & queue', category: 'Automation', run: probeAutomation },
];
