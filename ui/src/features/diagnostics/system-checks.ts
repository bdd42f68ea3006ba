import type { DiagnosticCheck } from './diagnostic.types';
import { probeCurrentUser, probeDatabase, probeHealth, probeWebSocketPing } from './diagnostic.probes';

export const systemChecks: DiagnosticCheck[] = [
  { id: 'health', name: 'API health (/api/health)', category: 'Core', run: probeHealth },
  { id: 'database', name: 'Database (/api/health/database)', category: 'Core', run: () => probeDatabase() },
  { id: 'ws', name: 'WebSocket ping (/ws)', category: 'Real-time', run: () => probeWebSocketPing(3000) },
  { id: 'user', name: 'Session (/api/auth/user)', category: 'Auth', run: probeCurrentUser },
];
