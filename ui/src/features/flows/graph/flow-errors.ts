import type { FlowError } from '@contracts/flows';
import { ApiError } from '../../../lib/api';

export interface GroupedErrors {
  byNode: Map<string, FlowError[]>;
  byEdge: Map<string, FlowError[]>;
  /** Not about one node: the whole flow, or an edge. */
  general: FlowError[];
}

/** Compiler findings, grouped by the node (or edge) they point at. */
export function groupErrors(errors: FlowError[]): GroupedErrors {
  const byNode = new Map<string, FlowError[]>();
  const byEdge = new Map<string, FlowError[]>();
  const general: FlowError[] = [];
  for (const error of errors) {
    if (error.nodeId) byNode.set(error.nodeId, [...(byNode.get(error.nodeId) ?? []), error]);
    if (error.edgeId) byEdge.set(error.edgeId, [...(byEdge.get(error.edgeId) ?? []), error]);
    if (!error.nodeId) general.push(error);
  }
  return { byNode, byEdge, general };
}

function isFlowError(value: unknown): value is FlowError {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && (v.nodeId === null || typeof v.nodeId === 'string');
}

/** The compiler errors in a refused save (400 {details: {errors}}); null when the error is something else. */
export function flowErrorsFromSaveError(err: unknown): FlowError[] | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  try {
    const body = JSON.parse(err.bodyText) as { details?: { errors?: unknown } };
    const errors = body.details?.errors;
    if (!Array.isArray(errors)) return null;
    const valid = errors.filter(isFlowError);
    return valid.length > 0 ? valid : null;
  } catch {
    return null;
  }
}

/** "Trigger: Add at least one keyword" — for tooltips and lists outside the canvas. */
export function describeError(error: FlowError, labelOf: (nodeId: string) => string | undefined): string {
  const label = error.nodeId ? labelOf(error.nodeId) : undefined;
  // The compiler often names the node itself ("Instagram DM: text: …").
  if (!label || error.message.startsWith(`${label}:`)) return error.message;
  return `${label}: ${error.message}`;
}
