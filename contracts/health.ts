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
}
