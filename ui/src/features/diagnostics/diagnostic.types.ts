export type ProbeStatus = 'pass' | 'fail' | 'warning' | 'needs_auth' | 'not_available';

export interface ProbeResult {
  status: ProbeStatus;
  detail: string;
  /** What to change when the check does not pass. */
  fix?: string;
}

export interface DiagnosticCheck {
  id: string;
  name: string;
  category: string;
  /** Absent when the feature is not built yet: the check reports "not available", never a pass. */
  run?: () => Promise<ProbeResult>;
  /** Shown for features that are not built yet. */
  plannedNote?: string;
}

export interface CheckRun {
  check: DiagnosticCheck;
  state: 'pending' | 'running' | 'done';
  result?: ProbeResult;
  durationMs?: number;
  finishedAt?: Date;
}
