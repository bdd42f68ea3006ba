import type { NodeKind, RunStatus, RunStep, RunSummary } from '@contracts/flows';
import type { BadgeTone } from '../../components/badge';

export interface RunFilters {
  flowId?: string;
  status?: RunStatus;
}

export const RUNS_PAGE_SIZE = 25;

// Kept here (a type-checked copy) so the Runs pages do not load zod with the contract's schemas.
const runStatusLabels: Record<RunStatus, string> = {
  running: 'Running',
  waiting: 'Waiting',
  sleeping: 'Sleeping',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
export const runStatusList = Object.keys(runStatusLabels) as RunStatus[];

/** contracts/flows nodeKindInfo labels, for the step badges. */
const kindLabels: Record<NodeKind, string> = {
  trigger: 'Trigger',
  instagramDM: 'Instagram DM',
  messengerDM: 'Messenger DM',
  twitterDM: 'Twitter DM',
  publicReply: 'Public Reply',
  delay: 'Delay Timer',
  condition: 'Conditional',
  waitForReply: 'Wait for Reply',
  randomizer: 'Randomizer',
  webhook: 'Webhook',
  aiReply: 'AI Reply',
  askQuestion: 'Ask a Question',
  followGate: 'Follow Gate',
  bookTime: 'Book a Time',
  addTag: 'Add Tag',
  removeTag: 'Remove Tag',
  setField: 'Set Field',
  trackConversion: 'Track Conversion',
  captureLead: 'Capture Lead',
  enrollSequence: 'Sequence',
  complete: 'Complete',
};
export const kindLabel = (kind: string): string => kindLabels[kind as NodeKind] ?? kind;

/** GET /api/runs query string for one page. */
export function runsQuery(filters: RunFilters, cursor?: string | null, limit = RUNS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.flowId) params.set('flowId', filters.flowId);
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return params.toString();
}

const activeStatuses: ReadonlySet<string> = new Set(['running', 'waiting', 'sleeping']);

/** Still going: running now, or paused until a reply or a timer. */
export function isActiveStatus(status: string): boolean {
  return activeStatuses.has(status);
}

export const anyActive = (runs: Array<Pick<RunSummary, 'status'>>) => runs.some((r) => isActiveStatus(r.status));

export const canRetry = (run: Pick<RunSummary, 'status'>) => run.status === 'failed';
export const canCancel = (run: Pick<RunSummary, 'status'>) => isActiveStatus(run.status);

const tones: Record<RunStep['status'] | RunStatus, BadgeTone> = {
  running: 'info',
  waiting: 'warning',
  sleeping: 'brand',
  completed: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  skipped: 'neutral',
};

export function statusTone(status: RunStep['status'] | RunStatus): BadgeTone {
  return tones[status] ?? 'neutral';
}

export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** "850 ms", "1.2 s", "3 min 4 s", "2 h 5 min", "3 d 4 h". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.round(s % 60)} s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** How long a step took, or has been going on so far. */
export function stepDuration(step: Pick<RunStep, 'startedAt' | 'finishedAt'>, now: Date = new Date()): string {
  const start = Date.parse(step.startedAt);
  const end = step.finishedAt ? Date.parse(step.finishedAt) : now.getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) return '';
  return formatDuration(end - start);
}

/** The runs of every loaded page, each once (a run can move between pages while they load). */
export function flattenRuns(pages: Array<{ runs: RunSummary[] }> | undefined): RunSummary[] {
  const seen = new Set<string>();
  const runs: RunSummary[] = [];
  for (const page of pages ?? []) {
    for (const run of page.runs) {
      if (seen.has(run.id)) continue;
      seen.add(run.id);
      runs.push(run);
    }
  }
  return runs;
}

/** A contact as one line: "Ada Lovelace (@ada)". */
export function contactText(contact: RunSummary['contact']): string {
  return contact.username ? `${contact.name} (@${contact.username})` : contact.name;
}

/** Pretty JSON for the step input/output viewers. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Whether a step's input/output is worth a viewer (not null, {} or []). */
export function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** The status detail worth showing: not a repeat of the status badge or of the error shown anyway. */
export function shownDetail(run: Pick<RunSummary, 'status' | 'statusDetail'> & { error?: string | null }): string | null {
  const detail = run.statusDetail?.trim();
  if (!detail) return null;
  if (detail.toLowerCase() === run.status || detail === run.error) return null;
  return detail;
}
