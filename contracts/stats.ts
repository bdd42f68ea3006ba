/** GET /api/stats/public: what the landing page shows, counted on this server (never invented). */
export interface PublicStatsResponse {
  /** Registered people (demo visitors not counted). */
  users: number;
  /** Messages sent to Instagram, Messenger and X (DMs, private and public replies); simulator sends not counted. */
  messagesSent: number;
  /** Instagram, Facebook and X accounts connected (built-in sandbox accounts not counted). */
  connectedAccounts: number;
}
