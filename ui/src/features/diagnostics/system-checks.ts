import type { DiagnosticCheck } from './diagnostic.types';
import {
  probeAiStatus,
  probeCurrentUser,
  probeDatabase,
  probeFlows,
  probeHealth,
  probeKnowledge,
  probeLeads,
  probeWebhookConfig,
  probeWebSocketPing,
} from './diagnostic.probes';

/** /system-test: one real request per subsystem, each reported with its answer's status and latency. */
export const systemChecks: DiagnosticCheck[] = [
  { id: 'health', name: 'API health (/api/health)', category: 'Core', run: probeHealth },
  { id: 'database', name: 'Database (/api/health/database)', category: 'Core', run: () => probeDatabase() },
  { id: 'user', name: 'Session (/api/auth/user)', category: 'Auth', run: probeCurrentUser },
  { id: 'flows', name: 'Flows list (/api/flows)', category: 'Automation', run: probeFlows },
  { id: 'leads', name: 'Leads (/api/leads)', category: 'Core', run: probeLeads },
  { id: 'kb', name: 'Knowledge base (/api/knowledge)', category: 'AI', run: probeKnowledge },
  { id: 'ai', name: 'AI status (/api/ai/gemini/test)', category: 'AI', run: probeAiStatus },
  { id: 'webhooks', name: 'Webhooks config (/api/webhooks/facebook/setup)', category: 'Social', run: probeWebhookConfig },
  { id: 'ws', name: 'WebSocket ping (/ws)', category: 'Real-time', run: () => probeWebSocketPing(3000) },
];
