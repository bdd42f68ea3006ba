import type { Flow, FlowPlatform, RunStatus } from '@contracts/flows';

export const platformLabels: Record<FlowPlatform, string> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  multi: 'Multi-platform',
};

/** Which run counts a flow card shows, in this order. */
export const shownRunCounts: Array<{ status: RunStatus; label: string }> = [
  { status: 'running', label: 'Running' },
  { status: 'waiting', label: 'Waiting' },
  { status: 'sleeping', label: 'Sleeping' },
  { status: 'completed', label: 'Completed' },
  { status: 'failed', label: 'Failed' },
];

export function totalRuns(flow: Pick<Flow, 'runCounts'>): number {
  return Object.values(flow.runCounts ?? {}).reduce((sum, n) => sum + (n ?? 0), 0);
}

/** "Published v3", "Published v3 · edited since", "Never published". */
export function publishText(flow: Pick<Flow, 'publishedVersion' | 'hasUnpublishedChanges'>): string {
  if (flow.publishedVersion === null) return 'Never published';
  return `Published v${flow.publishedVersion}${flow.hasUnpublishedChanges ? ' · edited since' : ''}`;
}
