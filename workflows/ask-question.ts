import type { PlanNode } from '../contracts/execution-plan';
import { durationMs } from '../contracts/flows';
import type { Activity, AdvanceInput, Awaiting } from '../contracts/run-state';
import type { Command, RunContact } from './advance';
import { validateAnswer } from './validate-answer';
import { awaitedReply } from './awaited-reply';

type AskNode = Extract<PlanNode, { kind: 'askQuestion' }>;

/** What a resumed ask does next: leave by a branch, park again on the same node, fail, or ignore the input. */
export type AskResumed =
  | { next: string | null }
  | { park: { on: 'activity'; activity: Activity; attempt: number } | { on: 'reply'; timeoutMs: number; attempt: number } }
  | { failed: string }
  | { ignored: true };

/**
 * The DM that asks (or re-asks): on the run's own channel, with the profile's email or phone number
 * as a quick reply when the node offers it (the driver drops it on X, which has none).
 */
export function askActivity(node: AskNode, text: string): Activity {
  const c = node.config;
  const offer = c.offerProfile && (c.answer === 'email' || c.answer === 'phone');
  return { type: 'replyDm', text, ...(offer ? { contactQuickReplies: [c.answer === 'email' ? 'user_email' : 'user_phone_number'] } : {}) };
}

/**
 * An Ask a question step resumed (workflows/advance.ts): its DM went out → wait for the answer; the
 * answer came → check it, save it and leave by "answered", or re-ask (a new DM step) while retries
 * remain, else leave by "invalid"; the wait timed out → "timeout". Each ask and each wait is a step
 * of its own, so the Runs view shows every attempt.
 */
export function resumeAsk(
  node: AskNode,
  awaiting: Awaiting,
  input: Exclude<AdvanceInput, { type: 'start' } | { type: 'retryFrom' }>,
  ctx: { commands: Command[]; contact: RunContact; finish: (output: unknown) => void; render: (t: string) => string },
): AskResumed {
  const c = node.config;
  const attempt = awaiting.attempt ?? 1;
  if (awaiting.on === 'activity' && input.type === 'activityResult') {
    if (!input.ok) return { failed: input.error };
    ctx.finish(input.output);
    return { park: { on: 'reply', timeoutMs: durationMs(c.timeout), attempt } };
  }
  const reply = awaitedReply(awaiting, input, ctx, node.next.timeout);
  if ('noReply' in reply) return reply.noReply;
  const checked = validateAnswer(c.answer, reply.text);
  if (!checked.ok) {
    ctx.finish({ answer: reply.text.slice(0, 500), valid: false, reason: checked.reason, attempt });
    if (attempt <= c.retries) return { park: { on: 'activity', activity: askActivity(node, ctx.render(c.retryMessage)), attempt: attempt + 1 } };
    return { next: node.next.invalid ?? null };
  }
  ctx.finish({ answer: reply.text.slice(0, 500), valid: true, value: checked.value, attempt });
  if (c.saveAs) {
    ctx.commands.push({ type: 'updateContact', setFields: { [c.saveAs]: checked.value } });
    ctx.contact.fields[c.saveAs] = checked.value;
  }
  // An email is the contact's lead's email, saved by Capture lead's code in the same turn (db/leads/capture-lead.ts).
  if (c.answer === 'email') ctx.commands.push({ type: 'captureLead', seq: awaiting.seq, nodeId: node.id, email: checked.value, name: null });
  return { next: node.next.answered ?? null };
}
