import { z } from 'zod';
import type { FlowGraph } from './graph';
import type { NodeKind } from './node-kinds';

/** Runs of a flow as the API lists them, and the test-run endpoints. */

export const runStatuses = ['running', 'waiting', 'sleeping', 'completed', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof runStatuses)[number];

export const listRunsQuerySchema = z.object({
  flowId: z.uuid().optional(),
  status: z.enum(runStatuses).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export interface RunSummary {
  id: string;
  flowId: string;
  flowName: string;
  version: number;
  status: RunStatus;
  contact: { id: string; name: string; username: string | null };
  /** What the run is doing or why it stopped: "Waiting for reply until …", "Sending at 10:42 (rate limit)", the error. */
  statusDetail: string | null;
  currentNodeId: string | null;
  stepCount: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  /** Sleeping/waiting runs: when they resume on their own. */
  resumeAt: string | null;
}

export interface RunStep {
  id: string;
  seq: number;
  nodeId: string;
  kind: NodeKind;
  label: string;
  status: 'running' | 'completed' | 'failed' | 'waiting' | 'sleeping' | 'skipped';
  input: unknown;
  output: unknown;
  error: string | null;
  attempts: number;
  startedAt: string;
  finishedAt: string | null;
}

export interface RunDetail extends RunSummary {
  error: string | null;
  steps: RunStep[];
  /** The graph of the pinned version, for drawing the timeline against the nodes. */
  flowData: FlowGraph;
}

export interface RunList {
  runs: RunSummary[];
  nextCursor: string | null;
}

/** POST /api/flows/:id/test-run: start a run now for one sandbox contact. */
export const testRunBodySchema = z.object({ contactId: z.uuid() });

/** GET /api/flows/:id/test-contacts: the sandbox contacts a test run can be started for. */
export interface TestContact {
  id: string;
  name: string;
  username: string | null;
  accountId: string;
  platform: 'instagram' | 'facebook' | 'twitter';
}
