import type { PlanNode } from '../contracts/execution-plan';
import { durationMs, followCheckOutput } from '../contracts/flows';
import type { Activity, AdvanceInput, Awaiting } from '../contracts/run-state';
import type { AskResumed } from './ask-question';
import type { RunContact } from './advance';
import { awaitedReply } from './awaited-reply';

type GateNode = Extract<PlanNode, { kind: 'followGate' }>;

/** The gate's DM (the first ask, or a "not yet"): its text with the one "I'm following" quick reply. */
export function followGateActivity(node: GateNode, text: string): Activity {
  return { type: 'replyDm', text, quickReplies: [node.config.buttonTitle] };
}

/**
 * A Follow gate step resumed (workflows/advance.ts), one step per stage so the Runs view shows each:
 * its DM went out → wait for the tap; the tap (or any message: both give Instagram's consent to read
 * the profile, docs/platform-apis.md §2.13) → the follow check, an activity of its own; the check
 * says follows → "following"; not yet → the "not yet" DM again while re-checks remain, else
 * "notFollowing"; no tap in time → "timeout". A failed check fails the step (a retryable one was
 * retried by the driver first), like any activity.
 */
export function resumeFollowGate(
  node: GateNode,
  awaiting: Awaiting,
  input: Exclude<AdvanceInput, { type: 'start' } | { type: 'retryFrom' }>,
  ctx: { contact: RunContact; finish: (output: unknown) => void; render: (t: string) => string },
): AskResumed {
  const c = node.config;
  const attempt = awaiting.attempt ?? 1;
  if (awaiting.on === 'activity' && input.type === 'activityResult') {
    if (!input.ok) return { failed: input.error };
    if (awaiting.activity?.type !== 'checkFollow') {
      ctx.finish(input.output);
      return { park: { on: 'reply', timeoutMs: durationMs(c.timeout), attempt } };
    }
    const checked = followCheckOutput.safeParse(input.output);
    if (!checked.success) return { failed: 'The follow check gave an answer Replypilot could not read' };
    if (checked.data.follows) {
      ctx.finish({ ...checked.data, attempt });
      return { next: node.next.following ?? null };
    }
    ctx.finish({ ...checked.data, attempt, retriesLeft: Math.max(0, c.retries - attempt + 1) });
    if (attempt <= c.retries) return { park: { on: 'activity', activity: followGateActivity(node, ctx.render(c.notYetText)), attempt: attempt + 1 } };
    return { next: node.next.notFollowing ?? null };
  }
  const reply = awaitedReply(awaiting, input, ctx, node.next.timeout);
  if ('noReply' in reply) return reply.noReply;
  ctx.finish({ reply: reply.text.slice(0, 500), attempt });
  return { park: { on: 'activity', activity: { type: 'checkFollow' }, attempt } };
}
