import type pg from 'pg';
import { answerFromKnowledge, type AiStepAnswer } from '../../activities/ai-answer.activity';
import type { AiAnswerOutput } from '../../contracts/flows';
import { releaseModelAnswer } from '../../db/ai/model-allowance';
import { storeRunInput } from '../../db/flows/run-inputs';
import { readRunForWebhook, type WebhookRun } from '../../db/flows/run-row';
import { recordStepOutput } from '../../db/flows/run-steps';
import { enqueueAdvance } from '../../db/flows/runs';
import { recordActivity } from '../../db/record-activity';
import { withTransaction } from '../../db/transaction';
import { recordUsage } from '../../db/usage/record-usage';
import type { AiRuntime } from '../../activities/ai-answer.activity';
import type { WebhookStepResult } from './webhook-step';

/**
 * `run.ai {runId, seq}`: an AI reply step's answer, outside the run's driver job like a webhook
 * call (ADR 0009, 0012): the model's seconds hold no driver slot, run lock or connection. The
 * answer is recorded in one transaction, only while the run still waits on this very step with no
 * input: it becomes the run's pending input and its `run.advance` job, and the answer is metered
 * there — so a retried or duplicated job finds the step settled and neither records nor counts twice.
 * The model answer itself was claimed on the workspace's monthly allowance before the call
 * (activities/ai-answer.activity.ts); an answer that is not recorded (stale, or a shutdown abandoned
 * the call: 'interrupted', the job hands itself back) gives its claim back.
 */
export async function answerAiStep(pool: pg.Pool, ai: AiRuntime | null, runId: string, seq: number, signal: AbortSignal): Promise<WebhookStepResult> {
  const run = await readRunForWebhook(pool, runId, false);
  const call = run && awaitedAnswer(run, seq);
  if (!run || !call) return 'stale';

  // The model call has its own deadline per attempt; a shutdown only stops waiting for it.
  const aborted = new Promise<'interrupted'>((resolve) => {
    if (signal.aborted) resolve('interrupted');
    else signal.addEventListener('abort', () => resolve('interrupted'), { once: true });
  });
  const answering = answerFromKnowledge(pool, ai, { workspaceId: run.workspace_id, ...call });
  const answered = await Promise.race([answering, aborted]);
  // A shutdown leaves the call to finish unrecorded: its model answer is given back to the allowance.
  if (answered === 'interrupted') {
    void answering.then((a) => giveBack(pool, a)).catch(() => {});
    return 'interrupted';
  }
  const { output } = answered;

  const recorded = await withTransaction(pool, async (client) => {
    const locked = await readRunForWebhook(client, runId, true);
    // Cancelled, or already settled by an earlier copy of this job: nothing to record or count.
    if (!locked || !awaitedAnswer(locked, seq)) return 'stale';
    // The step holds the answer and the count commits with it: once, whatever happens to the job.
    await recordStepOutput(client, runId, seq, output);
    if (counts(output)) await recordUsage(client, locked.workspace_id, 1);
    // The allowance ran out: the activity feed says why this contact got quotes, not a model answer.
    if (output.note) await recordActivity(client, locked.workspace_id, 'ai_reply_without_model', output.note, 'general');
    await storeRunInput(client, runId, { type: 'activityResult', seq, ok: true, output }, true);
    await enqueueAdvance(client, [runId]);
    return 'recorded' as const;
  });
  if (recorded === 'stale') await giveBack(pool, answered);
  return recorded;
}

async function giveBack(pool: pg.Pool, answer: AiStepAnswer): Promise<void> {
  if (answer.claim) await releaseModelAnswer(pool, answer.claim);
}

/** "Nothing matched" and a failed call are not answers (ADR 0011): not counted. */
function counts(output: AiAnswerOutput): boolean {
  return output.mode === 'model' || output.mode === 'knowledge_base';
}

function awaitedAnswer(run: WebhookRun, seq: number) {
  const awaiting = run.state.awaiting;
  if (run.status !== 'running' || run.pending_input !== null || awaiting?.on !== 'activity' || awaiting.seq !== seq) return null;
  return awaiting.activity?.type === 'aiAnswer' ? { question: awaiting.activity.question, instructions: awaiting.activity.instructions } : null;
}
