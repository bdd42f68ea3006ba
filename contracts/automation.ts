/** docs/product-spec.md §3 Automation activity. */
export interface AutomationActivity {
  id: string;
  action: string;
  message: string;
  intent: string;
  createdAt: string;
}
export interface AutomationActivityResponse {
  activities: AutomationActivity[];
}
/** GET /api/automation/activity/count: the workspace's leads so far (glossary: lead; the Leads page's Total Leads). */
export interface AutomationActivityCount {
  count: number;
}

/** A published flow on /automation: whether it runs, and its runs counted from flow_runs. */
export interface AutomationFlow {
  id: string;
  name: string;
  platform: string;
  isActive: boolean;
  runs: { total: number; live: number; failed: number };
}
export interface AutomationRule {
  id: string;
  platform: string;
  keywords: string[];
  isActive: boolean;
}
/** GET /api/automation/overview: what really runs in the workspace, and what waits. */
export interface AutomationOverview {
  flows: AutomationFlow[];
  rules: AutomationRule[];
  queue: {
    /** Sends waiting for their slot in an account's send bucket (scheduled later than now). */
    queued: number;
    /** Sends whose slot has come, waiting for a worker. */
    ready: number;
    /** Sends handed to a platform whose answer is not recorded yet. */
    sending: number;
    /** When the last queued send is due; null when none. */
    eta: string | null;
    /** Flow runs parked on a reply (waiting) or a timer (sleeping). */
    waitingRuns: number;
    sleepingRuns: number;
  };
  /** Published flows and comment rules that are switched off. */
  paused: { flows: number; rules: number };
}
/** POST /api/automation/start (no body): what it switched back on. */
export interface AutomationStartResponse {
  resumed: { flows: number; rules: number };
}
