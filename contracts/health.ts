export interface HealthResponse {
  status: 'ok';
  role: 'web' | 'worker' | 'all';
  uptimeSeconds: number;
  version: string;
}
export interface DatabaseHealthResponse {
  connected: boolean;
  database: 'postgresql';
  mode: 'embedded' | 'external';
  latencyMs?: number;
  error?: string;
  /** With DATABASE_READ_URL (ADR 0039): the standby's state and how far behind the primary it is. */
  replica?: {
    connected: boolean;
    streaming: boolean;
    replayLsn: string | null;
    lagBytes: number | null;
    lagSeconds: number | null;
    reads: { replica: number; primary: number };
    error?: string;
  };
}
/** GET /api/health/ready: 200 when ready, 503 otherwise (an orchestrator's readiness probe). */
export interface ReadinessResponse {
  ready: boolean;
  /** PostgreSQL answered. */
  database: boolean;
  /** Every migration this version ships is applied (pending: how many are not, Graphile Worker's schema counting as one); null when the database did not answer. */
  migrations: { applied: boolean; pending: number } | null;
  error?: string;
}
