import { DEFAULT_EXIT, type ExecutionPlan, type PlanNode } from '../contracts/execution-plan';
import { durationMs, type NodeKind } from '../contracts/flows';
import { aiReplyOutcome } from './ai-reply-outcome';
import { askActivity, resumeAsk, type AskResumed } from './ask-question';
import { resumeBooking, slotsActivity, type BookResumed } from './book-time';
import { evaluate } from './evaluate-condition';
import { extractEmail } from './extract-email';
import { followGateActivity, resumeFollowGate } from './follow-gate';
import { initialRunState, type Activity, type AdvanceInput, type Awaiting, type RunState } from '../contracts/run-state';
import { renderTemplate } from './render-template';

/**
 * The pure, deterministic flow interpreter (ARCHITECTURE.md#flow-runtime): `advance(plan, state, input, ctx)`
 * → `{ state, commands }`. It never does I/O, reads no clock and draws no random numbers; the
 * driver (workers/flows) feeds it inputs and carries out its commands. The same plan, state, input
 * and context always give the same answer, which is what makes runs replayable.
 */

/** What the run knows about its contact, loaded by the driver before each advance. */
export interface RunContact {
  name: string;
  username: string | null;
  tags: string[];
  fields: Record<string, unknown>;
  /** The contact's most recent inbound message text. */
  lastMessage: string | null;
}

/** How the run started; `seed` makes the randomizer deterministic (the run id). */
export interface RunContext {
  contact: RunContact;
  seed: string;
}

export type { Activity, AdvanceInput, Awaiting, RunState } from '../contracts/run-state';

export interface StepRecord {
  seq: number;
  nodeId: string;
  kind: NodeKind;
  status: 'completed' | 'failed';
  input: unknown;
  output: unknown;
  error?: string;
}

export type Command =
  /** A step that finished inside this advance (trigger, condition, tag…); `finishes` closes an awaited step. */
  | { type: 'recordStep'; step: StepRecord; finishes?: boolean }
  | { type: 'callActivity'; seq: number; nodeId: string; kind: NodeKind; activity: Activity }
  | { type: 'startTimer'; seq: number; nodeId: string; dueInMs: number }
  | { type: 'waitForReply'; seq: number; nodeId: string; timeoutMs: number }
  | {
      type: 'updateContact';
      addTags?: string[];
      removeTags?: string[];
      setFields?: Record<string, unknown>;
      /** A hand-off to a person: the contact's conversation rises in the inbox. */
      conversationPriority?: 'high';
    }
  /** A Track conversion step: one sale, keyed by the run and step so a redone turn records it once. */
  | { type: 'trackConversion'; seq: number; nodeId: string; amountCents: number }
  /** A Capture lead step found an email: the driver saves it on the contact's lead in the turn's transaction. */
  | { type: 'captureLead'; seq: number; nodeId: string; email: string; name: string | null }
  /** A Sequence step: the contact enrolled in (or taken out of) a sequence in the turn's transaction; a redone turn enrols once. */
  | { type: 'enrollSequence'; seq: number; nodeId: string; sequenceId: string; action: 'enroll' | 'unenroll' }
  | { type: 'complete' }
  | { type: 'fail'; seq: number; nodeId: string; reason: string };

export interface AdvanceResult {
  state: RunState;
  commands: Command[];
  /** True when the input did not match what the run awaits (a stale timer, a late reply): nothing changed. */
  ignored: boolean;
}

export const initialState = initialRunState;

/** Safety net far above any real flow: a compiled plan has no loop without a pause. */
const MAX_STEPS_PER_ADVANCE = 1000;

export function advance(plan: ExecutionPlan, state: RunState, input: AdvanceInput, ctx: RunContext): AdvanceResult {
  if (state.done && input.type !== 'retryFrom') return ignore(state);
  const commands: Command[] = [];
  const contact: RunContact = { ...ctx.contact, tags: [...ctx.contact.tags], fields: { ...ctx.contact.fields } };
  let seq = state.seq;
  let from: string | null;

  switch (input.type) {
    case 'start': {
      if (seq !== 0 || state.awaiting) return ignore(state);
      const trigger = plan.nodes[plan.triggerNodeId]!;
      seq += 1;
      commands.push({
        type: 'recordStep',
        step: { seq, nodeId: trigger.id, kind: 'trigger', status: 'completed', input: null, output: { trigger: plan.trigger.type } },
      });
      from = exit(trigger, DEFAULT_EXIT);
      break;
    }
    case 'retryFrom': {
      if (!plan.nodes[input.nodeId]) return ignore(state);
      return run({ plan, contact, seed: ctx.seed, commands }, { ...state, awaiting: null, done: false }, input.nodeId, seq);
    }
    default: {
      const awaiting = state.awaiting;
      if (!awaiting || awaiting.seq !== input.seq) return ignore(state);
      const node = plan.nodes[awaiting.nodeId]!;
      if (node.kind === 'askQuestion' || node.kind === 'followGate' || node.kind === 'bookTime') {
        const finish = finisher(node, awaiting, commands);
        const env = { commands, contact, finish, render: (t: string) => render(t, contact) };
        const asked: AskResumed | BookResumed =
          node.kind === 'askQuestion'
            ? resumeAsk(node, awaiting, input, env)
            : node.kind === 'followGate'
              ? resumeFollowGate(node, awaiting, input, env)
              : resumeBooking(node, awaiting, input, env);
        if ('ignored' in asked) return ignore(state);
        if ('failed' in asked) {
          commands.push({ type: 'fail', seq: awaiting.seq, nodeId: node.id, reason: asked.failed });
          return { state: { ...state, awaiting: null, done: true }, commands, ignored: false };
        }
        if ('park' in asked) {
          // The same node again, as a new step: the wait for the answer (or tap), a re-ask, or the follow check.
          const s = seq + 1;
          const p = asked.park;
          if (p.on === 'activity') commands.push({ type: 'callActivity', seq: s, nodeId: node.id, kind: node.kind, activity: p.activity });
          else commands.push({ type: 'waitForReply', seq: s, nodeId: node.id, timeoutMs: p.timeoutMs });
          // Book a time: the slots offered ride along until the pick.
          const slots: Pick<Awaiting, 'slots'> = 'slots' in p && p.slots ? { slots: p.slots as Awaiting['slots'] } : {};
          const next: Awaiting =
            p.on === 'activity'
              ? { seq: s, nodeId: node.id, on: 'activity', activity: p.activity, attempt: p.attempt, ...slots }
              : { seq: s, nodeId: node.id, on: 'reply', attempt: p.attempt, ...slots };
          return { state: { ...state, seq: s, awaiting: next, done: false }, commands, ignored: false };
        }
        return run({ plan, contact, seed: ctx.seed, commands }, { ...state, awaiting: null }, asked.next, seq);
      }
      const resumed = resume(node, awaiting, input, commands, contact);
      if (resumed.failed) {
        commands.push({ type: 'fail', seq: awaiting.seq, nodeId: node.id, reason: resumed.failed });
        return { state: { ...state, awaiting: null, done: true }, commands, ignored: false };
      }
      if (resumed.ignored) return ignore(state);
      if (resumed.reply !== undefined) {
        // aiReply answered: its DM is a second step of the same node, keyed runId:seq like any send.
        const sendSeq = seq + 1;
        const activity: Activity = { type: 'replyDm', text: resumed.reply };
        commands.push({ type: 'callActivity', seq: sendSeq, nodeId: node.id, kind: node.kind, activity });
        return {
          state: { ...state, seq: sendSeq, awaiting: { seq: sendSeq, nodeId: node.id, on: 'activity', activity }, done: false },
          commands,
          ignored: false,
        };
      }
      from = resumed.next;
    }
  }
  return run({ plan, contact, seed: ctx.seed, commands }, { ...state, awaiting: null }, from, seq);
}

function ignore(state: RunState): AdvanceResult {
  return { state, commands: [], ignored: true };
}

function exit(node: PlanNode, name: string): string | null {
  return node.next[name] ?? null;
}

/** The awaited input for `node` arrived: record how its step ended and say where to go next. */
function resume(
  node: PlanNode,
  awaiting: Awaiting,
  input: Exclude<AdvanceInput, { type: 'start' } | { type: 'retryFrom' }>,
  commands: Command[],
  contact: RunContact,
): { next: string | null; failed?: string; ignored?: boolean; reply?: string } {
  const finish = finisher(node, awaiting, commands);

  if (awaiting.on === 'activity' && input.type === 'activityResult' && node.kind === 'aiReply' && awaiting.activity?.type === 'aiAnswer') {
    // The answer's step never fails the run: whatever went wrong, a person takes over.
    const outcome = aiReplyOutcome(node.config, awaiting.activity.question, input);
    finish(outcome.output);
    if (outcome.answered) return { next: null, reply: outcome.output.answer };
    if (!contact.tags.includes(node.config.handoffTag)) contact.tags.push(node.config.handoffTag);
    commands.push({ type: 'updateContact', addTags: [node.config.handoffTag], conversationPriority: 'high' });
    return { next: exit(node, 'handoff') };
  }
  if (awaiting.on === 'activity' && input.type === 'activityResult') {
    if (!input.ok) return { next: null, failed: input.error };
    finish(input.output);
    if (node.kind === 'webhook' && node.config.saveResponseTo) {
      const body = (input.output as { body?: unknown } | null)?.body;
      commands.push({ type: 'updateContact', setFields: { [node.config.saveResponseTo]: body ?? null } });
      contact.fields[node.config.saveResponseTo] = body ?? null;
    }
    return { next: exit(node, node.kind === 'aiReply' ? 'answered' : DEFAULT_EXIT) };
  }
  if (awaiting.on === 'timer' && input.type === 'timerFired') {
    finish({ waited: true });
    return { next: exit(node, DEFAULT_EXIT) };
  }
  if (awaiting.on === 'reply' && node.kind === 'waitForReply') {
    if (input.type === 'reply') {
      finish({ reply: input.text });
      contact.lastMessage = input.text;
      if (node.config.saveAs) {
        commands.push({ type: 'updateContact', setFields: { [node.config.saveAs]: input.text } });
        contact.fields[node.config.saveAs] = input.text;
      }
      return { next: exit(node, 'reply') };
    }
    if (input.type === 'replyTimeout') {
      finish({ timedOut: true });
      return { next: exit(node, 'timeout') };
    }
  }
  return { next: null, ignored: true };
}

/** Records how the awaited step ended (its input: the activity it ran, if any). */
function finisher(node: PlanNode, awaiting: Awaiting, commands: Command[]) {
  return (output: unknown) =>
    commands.push({
      type: 'recordStep',
      finishes: true,
      step: { seq: awaiting.seq, nodeId: node.id, kind: node.kind, status: 'completed', input: awaiting.activity ?? null, output },
    });
}

/** What stays the same through one advance: the plan, the contact, the seed, and the commands it appends to. */
interface AdvanceEnv {
  plan: ExecutionPlan;
  contact: RunContact;
  seed: string;
  commands: Command[];
}

/** Executes nodes from `nodeId` until one needs the outside world (activity, timer, reply) or the run ends. */
function run(env: AdvanceEnv, state: RunState, nodeId: string | null, seq: number): AdvanceResult {
  const { plan, contact, seed, commands } = env;
  let current = nodeId;
  for (let guard = 0; guard < MAX_STEPS_PER_ADVANCE; guard++) {
    if (current === null) {
      commands.push({ type: 'complete' });
      return { state: { ...state, seq, awaiting: null, done: true }, commands, ignored: false };
    }
    const node = plan.nodes[current];
    if (!node) {
      commands.push({ type: 'fail', seq, nodeId: current, reason: `Node ${current} is not in this flow version` });
      return { state: { ...state, seq, done: true }, commands, ignored: false };
    }
    seq += 1;
    const done = (output: unknown, input: unknown = null) =>
      commands.push({ type: 'recordStep', step: { seq, nodeId: node.id, kind: node.kind, status: 'completed', input, output } });
    const park = (awaiting: Awaiting): AdvanceResult => ({ state: { ...state, seq, awaiting, done: false }, commands, ignored: false });

    switch (node.kind) {
      case 'trigger':
        // Only reachable by an operator retry from the trigger: run it as if freshly started.
        done({ trigger: plan.trigger.type });
        current = exit(node, DEFAULT_EXIT);
        break;
      case 'complete':
        done(null);
        commands.push({ type: 'complete' });
        return { state: { ...state, seq, awaiting: null, done: true }, commands, ignored: false };
      case 'instagramDM':
      case 'messengerDM':
      case 'twitterDM': {
        const channel = node.kind === 'instagramDM' ? 'instagram' : node.kind === 'messengerDM' ? 'facebook' : 'twitter';
        const activity: Activity = {
          type: 'sendDm',
          channel,
          text: render(node.config.text, contact),
          quickReplies: node.config.quickReplies,
          ...(node.config.contactQuickReplies.length > 0 ? { contactQuickReplies: node.config.contactQuickReplies } : {}),
          ...(node.config.buttons.length > 0 ? { buttons: node.config.buttons } : {}),
          ...(node.config.trackLinks ? { trackLinks: true } : {}),
        };
        commands.push({ type: 'callActivity', seq, nodeId: node.id, kind: node.kind, activity });
        return park({ seq, nodeId: node.id, on: 'activity', activity });
      }
      case 'publicReply': {
        const activity: Activity = { type: 'publicReply', text: render(node.config.text, contact) };
        commands.push({ type: 'callActivity', seq, nodeId: node.id, kind: node.kind, activity });
        return park({ seq, nodeId: node.id, on: 'activity', activity });
      }
      case 'webhook': {
        const activity: Activity = {
          type: 'webhook',
          method: node.config.method,
          url: node.config.url,
          headers: node.config.headers.map((h) => ({ key: h.key, value: render(h.value, contact) })),
          body: render(node.config.body, contact, jsonEscape),
        };
        commands.push({ type: 'callActivity', seq, nodeId: node.id, kind: node.kind, activity });
        return park({ seq, nodeId: node.id, on: 'activity', activity });
      }
      case 'aiReply': {
        // The model call is slow and external: the driver hands it to a `run.ai` job (ADR 0012).
        const activity: Activity = {
          type: 'aiAnswer',
          question: contact.lastMessage ?? '',
          instructions: node.config.instructions ?? '',
          threshold: node.config.confidenceThreshold,
        };
        commands.push({ type: 'callActivity', seq, nodeId: node.id, kind: node.kind, activity });
        return park({ seq, nodeId: node.id, on: 'activity', activity });
      }
      case 'delay': {
        const ms = durationMs(node.config);
        if (ms === 0) {
          done({ waited: false }, { amount: 0 });
          current = exit(node, DEFAULT_EXIT);
          break;
        }
        commands.push({ type: 'startTimer', seq, nodeId: node.id, dueInMs: ms });
        return park({ seq, nodeId: node.id, on: 'timer' });
      }
      // The nodes that ask and wait (Ask a question, Follow gate, Book a time): their first activity, then parked on it.
      case 'askQuestion':
      case 'followGate':
      case 'bookTime': {
        const activity =
          node.kind === 'askQuestion'
            ? askActivity(node, render(node.config.question, contact))
            : node.kind === 'followGate'
              ? followGateActivity(node, render(node.config.text, contact))
              : slotsActivity(node);
        commands.push({ type: 'callActivity', seq, nodeId: node.id, kind: node.kind, activity });
        return park({ seq, nodeId: node.id, on: 'activity', activity, attempt: 1 });
      }
      case 'waitForReply': {
        commands.push({ type: 'waitForReply', seq, nodeId: node.id, timeoutMs: durationMs(node.config.timeout) });
        return park({ seq, nodeId: node.id, on: 'reply' });
      }
      case 'condition': {
        const results = node.config.rules.map((r) => evaluate(r, contact));
        const pass = node.config.match === 'all' ? results.every(Boolean) : results.some(Boolean);
        done({ result: pass ? 'yes' : 'no', rules: results });
        current = exit(node, pass ? 'yes' : 'no');
        break;
      }
      case 'randomizer': {
        const roll = unitInterval(`${seed}:${seq}`);
        const branch = pickBranch(node.config.branches, roll);
        done({ branch, roll: Number(roll.toFixed(6)) });
        current = exit(node, branch);
        break;
      }
      case 'addTag':
      case 'removeTag': {
        const tag = node.config.tag;
        if (node.kind === 'addTag') {
          if (!contact.tags.includes(tag)) contact.tags.push(tag);
          commands.push({ type: 'updateContact', addTags: [tag] });
        } else {
          contact.tags = contact.tags.filter((t) => t !== tag);
          commands.push({ type: 'updateContact', removeTags: [tag] });
        }
        done({ tags: [...contact.tags] }, { tag });
        current = exit(node, DEFAULT_EXIT);
        break;
      }
      case 'enrollSequence': {
        commands.push({ type: 'enrollSequence', seq, nodeId: node.id, sequenceId: node.config.sequenceId, action: node.config.action });
        done({ sequenceId: node.config.sequenceId, action: node.config.action });
        current = exit(node, DEFAULT_EXIT);
        break;
      }
      case 'trackConversion': {
        commands.push({ type: 'trackConversion', seq, nodeId: node.id, amountCents: node.config.amountCents });
        done({ amountCents: node.config.amountCents, currency: node.config.currency });
        current = exit(node, DEFAULT_EXIT);
        break;
      }
      case 'captureLead': {
        const text = node.config.from === 'lastMessage' ? (contact.lastMessage ?? '') : render(node.config.value, contact);
        const email = extractEmail(text);
        const name = node.config.name.trim() === '' ? null : render(node.config.name, contact).trim() || null;
        if (email) commands.push({ type: 'captureLead', seq, nodeId: node.id, email, name });
        // The lead's outcome (created, updated, an existing lead's email) is added to this output by the write.
        done(email ? { email, name } : { email: null, note: 'No email found' }, { from: node.config.from, text: text.slice(0, 500) });
        current = exit(node, DEFAULT_EXIT);
        break;
      }
      case 'setField': {
        const value = render(node.config.value, contact);
        contact.fields[node.config.field] = value;
        commands.push({ type: 'updateContact', setFields: { [node.config.field]: value } });
        done({ [node.config.field]: value }, { field: node.config.field });
        current = exit(node, DEFAULT_EXIT);
        break;
      }
    }
  }
  commands.push({ type: 'fail', seq, nodeId: current ?? '', reason: `Stopped after ${MAX_STEPS_PER_ADVANCE} steps without a pause` });
  return { state: { ...state, seq, done: true }, commands, ignored: false };
}

function render(template: string, contact: RunContact, escape?: (s: string) => string): string {
  if (!escape) return renderTemplate(template, { name: contact.name, username: contact.username, customFields: contact.fields });
  // Fill each variable separately so a value can't break the JSON around it.
  return template.replace(/\{\s*([a-z_][a-z0-9_.]*)\s*\}/gi, (whole) => {
    const filled = renderTemplate(whole, { name: contact.name, username: contact.username, customFields: contact.fields });
    return filled === whole ? whole : escape(filled);
  });
}

function jsonEscape(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** FNV-1a over the seed → [0, 1): the same run and step always draw the same number. */
export function unitInterval(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // One extra avalanche round so nearby seeds spread out.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 0x1_0000_0000;
}

function pickBranch(branches: { key: string; weight: number }[], roll: number): string {
  const total = branches.reduce((s, b) => s + b.weight, 0);
  let acc = 0;
  for (const b of branches) {
    acc += b.weight / total;
    if (roll < acc && b.weight > 0) return b.key;
  }
  return [...branches].reverse().find((b) => b.weight > 0)!.key;
}
