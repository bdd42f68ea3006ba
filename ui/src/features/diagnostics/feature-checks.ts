import type { DiagnosticCheck } from './diagnostic.types';
import {
  probeCurrentUser,
  probeDatabase,
  probeHealth,
  probeNewsletterValidation,
  probeOAuth,
  probeServiceWorker,
  probeWebSocketPing,
} from './diagnostic.probes';

/** The 15 feature checks of /real-data-test and /feature-validation. Unbuilt features have no `run`. */
export const featureChecks: DiagnosticCheck[] = [
  { id: 'session', name: 'Session & current user', category: 'Authentication', run: probeCurrentUser },
  { id: 'google', name: 'Google sign-in', category: 'Authentication', run: () => probeOAuth('google') },
  { id: 'facebook', name: 'Facebook sign-in', category: 'Authentication', run: () => probeOAuth('facebook') },
  { id: 'health', name: 'API health', category: 'Core System', run: probeHealth },
  { id: 'database', name: 'Database connection', category: 'Core System', run: () => probeDatabase() },
  { id: 'sw', name: 'Service worker', category: 'Core System', run: probeServiceWorker },
  { id: 'ws', name: 'WebSocket ping', category: 'Real-time', run: () => probeWebSocketPing(3000) },
  { id: 'newsletter', name: 'Newsletter sign-up validation', category: 'Messaging', run: probeNewsletterValidation },
  { id: 'inbox', name: 'Unified inbox', category: 'Messaging' },
  { id: 'social-send', name: 'Messenger & Instagram DMs', category: 'Messaging' },
  { id: 'accounts', name: 'Connected social accounts', category: 'Social Media' },
  { id: 'ai-chat', name: 'AI assistant chat', category: 'AI & Chatbot' },
  { id: 'kb', name: 'Knowledge base answers', category: 'AI & Chatbot' },
  { id: 'analytics', name: 'Analytics dashboard', category: 'Analytics' },
  { id: 'flows', name: 'Flows & comment rules', category: 'Automation' },
];
