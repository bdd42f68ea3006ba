import type { ExecutionPlan } from '../../contracts/execution-plan';
import type { RunStatus } from '../../contracts/flows';
import type { RunState } from '../../contracts/run-state';
import type { RunUpdate, RunWrites } from '../../db/flows/run-writes';
import type { Command } from '../../workflows/advance';

/**
 * The ONE translation of the interpreter's commands into rows (code review change 2), pure: the
 * driver (run-driver.ts) and the batch resume (resume-batch.ts) both build their writes here and
 * apply them with db/flows/run-writes.ts. Where the two used to differ, the rows now follow what a
 * single run's driver did:
 * - `fail` upserts the failed step. The batch used to `update` it before its bulk insert of the
 *   same advance's steps, so a run failing on a step recorded in that advance kept the step as
 *   "completed" (run-writes.int.test.ts).
 * - `startTimer`, `waitForReply` and `callActivity` upsert the step they open, counting an attempt
 *   when it was already there, instead of a plain insert that would abort the whole batch.
 */
export function writesFor(run: { id: string; contact_id: string }, plan: ExecutionPlan, commands: Command[]): RunWrites {
  const w = emptyWrites();
  const kindOf = (nodeId: string) => plan.nodes[nodeId]?.kind ?? 'unknown';
  for (const c of commands) {
    switch (c.type) {
      case 'recordStep':
        if (c.finishes) w.finishedSteps.push({ runId: run.id, seq: c.step.seq, output: c.step.output });
        else w.recordedSteps.push({ runId: run.id, seq: c.step.seq, nodeId: c.step.nodeId, kind: c.step.kind, input: c.step.input, output: c.step.output });
        break;
      case 'startTimer':
        w.openedSteps.push({ runId: run.id, seq: c.seq, nodeId: c.nodeId, kind: kindOf(c.nodeId), status: 'sleeping', input: { dueInMs: c.dueInMs } });
        w.timers.push({ runId: run.id, seq: c.seq, kind: 'delay', dueInMs: c.dueInMs });
        break;
      case 'waitForReply':
        w.openedSteps.push({ runId: run.id, seq: c.seq, nodeId: c.nodeId, kind: kindOf(c.nodeId), status: 'waiting', input: { timeoutMs: c.timeoutMs } });
        w.timers.push({ runId: run.id, seq: c.seq, kind: 'reply_timeout', dueInMs: c.timeoutMs });
        break;
      case 'callActivity':
        // The activity itself (ledger row, webhook job) is begun by the driver once this step exists.
        w.openedSteps.push({ runId: run.id, seq: c.seq, nodeId: c.nodeId, kind: c.kind, status: 'running', input: c.activity });
        break;
      case 'updateContact':
        w.contactUpdates.push({
          contactId: run.contact_id,
          addTags: c.addTags ?? [],
          removeTags: c.removeTags ?? [],
          setFields: c.setFields ?? {},
          ...(c.conversationPriority ? { conversationPriority: c.conversationPriority } : {}),
        });
        break;
      case 'trackConversion':
        w.conversions.push({ runId: run.id, seq: c.seq, amountCents: c.amountCents });
        break;
      case 'captureLead':
        w.capturedLeads.push({ runId: run.id, seq: c.seq, email: c.email, name: c.name });
        break;
      case 'enrollSequence':
        w.sequenceEnrollments.push({ runId: run.id, sequenceId: c.sequenceId, action: c.action });
        break;
      case 'fail':
        w.failedSteps.push({ runId: run.id, seq: c.seq, nodeId: c.nodeId, kind: kindOf(c.nodeId), error: c.reason });
        w.clearTimers.push(run.id);
        break;
      case 'complete':
        w.clearTimers.push(run.id);
        break;
    }
  }
  return w;
}

export function emptyWrites(): RunWrites {
  return {
    recordedSteps: [],
    openedSteps: [],
    finishedSteps: [],
    failedSteps: [],
    contactUpdates: [],
    conversions: [],
    capturedLeads: [],
    sequenceEnrollments: [],
    clearTimers: [],
    timers: [],
  };
}

/** Several runs' writes as one set of bulk statements (the batch resume). */
export function mergeWrites(all: RunWrites[]): RunWrites {
  const out = emptyWrites();
  for (const w of all) {
    for (const key of Object.keys(out) as (keyof RunWrites)[]) (out[key] as unknown[]).push(...w[key]);
  }
  return out;
}

/** The step the run's row points at: the one it parks on, else the last one this advance touched. */
export function lastNode(cmds: Command[]): string | null {
  for (let i = cmds.length - 1; i >= 0; i--) {
    const c = cmds[i]!;
    if (c.type === 'recordStep') return c.step.nodeId;
    if (c.type === 'fail') return c.nodeId;
  }
  return null;
}

export interface RunStatusAfter {
  status: RunStatus;
  detail: string | null;
  error: string | null;
  resumeAt: Date | null;
}

/** The run's status after the commands; `now` is passed in so this stays pure. */
export function statusAfter(cmds: Command[], state: RunState, now: Date): RunStatusAfter {
  const fail = cmds.find((c) => c.type === 'fail');
  if (fail) return { status: 'failed', detail: 'Failed', error: fail.reason, resumeAt: null };
  if (cmds.some((c) => c.type === 'complete')) return { status: 'completed', detail: 'Completed', error: null, resumeAt: null };
  const timer = cmds.find((c) => c.type === 'startTimer');
  if (timer) return { status: 'sleeping', detail: 'Waiting out a delay', error: null, resumeAt: new Date(now.getTime() + timer.dueInMs) };
  const wait = cmds.find((c) => c.type === 'waitForReply');
  if (wait) return { status: 'waiting', detail: 'Waiting for a reply', error: null, resumeAt: new Date(now.getTime() + wait.timeoutMs) };
  return { status: 'running', detail: state.awaiting ? 'Running step' : null, error: null, resumeAt: null };
}

/** The run row after a turn: its new state, and the status the commands (or an override) leave it in. */
export function runUpdateFor(runId: string, state: RunState, cmds: Command[], status: RunStatusAfter): RunUpdate {
  return {
    id: runId,
    state,
    status: status.status,
    stepCount: state.seq,
    currentNodeId: state.awaiting?.nodeId ?? lastNode(cmds),
    detail: status.detail,
    error: status.error,
    resumeAt: status.resumeAt,
  };
}
