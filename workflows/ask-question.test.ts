import { describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '../contracts/execution-plan';
import type { FlowNode, NodeKind } from '../contracts/flows';
import { compile } from '../flow-compiler/compile';
import { advance, initialState, type Command, type RunContext, type RunState } from './advance';
import { validateAnswer } from './validate-answer';

const node = (id: string, kind: NodeKind, config: Record<string, unknown> = {}): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: 0 },
  data: { label: kind, kind, config },
});
const edge = (source: string, target: string, sourceHandle?: string) => ({ source, target, sourceHandle: sourceHandle ?? null });

function askPlan(config: Record<string, unknown>): ExecutionPlan {
  const r = compile({
    nodes: [
      node('1', 'trigger', { type: 'keyword_dm', keywords: ['guide'] }),
      node('2', 'askQuestion', { question: 'Email, {first_name}?', retryMessage: 'Not an email, again?', timeout: { amount: 1, unit: 'hours' }, ...config }),
      node('3', 'instagramDM', { text: 'Thanks' }),
      node('4', 'instagramDM', { text: 'Never mind' }),
      node('5', 'complete'),
    ],
    edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'invalid'), edge('2', '5', 'timeout'), edge('3', '5'), edge('4', '5')],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.plan;
}

const ctx: RunContext = { contact: { name: 'Maya Lopez', username: 'maya', tags: [], fields: {}, lastMessage: 'guide' }, seed: 'run-1' };
const sent = (s: RunState) => ({ type: 'activityResult' as const, seq: s.awaiting!.seq, ok: true as const, output: { sent: true } });
const reply = (s: RunState, text: string) => ({ type: 'reply' as const, seq: s.awaiting!.seq, text });
const activities = (cs: Command[]) => cs.flatMap((c) => (c.type === 'callActivity' ? [c.activity] : []));

describe('Ask a question (interpreter)', () => {
  it('asks with the profile email offered, waits, and on a valid answer saves the field and the lead, then leaves by "answered"', () => {
    const plan = askPlan({ saveAs: 'email' });
    const a = advance(plan, initialState(), { type: 'start' }, ctx);
    expect(activities(a.commands)).toEqual([{ type: 'replyDm', text: 'Email, Maya?', contactQuickReplies: ['user_email'] }]);
    const b = advance(plan, a.state, sent(a.state), ctx);
    expect(b.commands.find((c) => c.type === 'waitForReply')).toEqual({ type: 'waitForReply', seq: 3, nodeId: '2', timeoutMs: 3_600_000 });
    expect(b.state.awaiting).toEqual({ seq: 3, nodeId: '2', on: 'reply', attempt: 1 });
    const c = advance(plan, b.state, reply(b.state, 'sure: ana@example.com'), ctx);
    expect(c.commands).toContainEqual({ type: 'updateContact', setFields: { email: 'ana@example.com' } });
    expect(c.commands).toContainEqual({ type: 'captureLead', seq: 3, nodeId: '2', email: 'ana@example.com', name: null });
    expect(activities(c.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'Thanks' })]);
    // A late duplicate of the reply is ignored: the run has moved on.
    expect(advance(plan, c.state, reply(b.state, 'ana@example.com'), ctx).ignored).toBe(true);
  });

  it('re-asks with the user’s message on a wrong answer, at most `retries` times, then leaves by "invalid"', () => {
    const plan = askPlan({ retries: 1 });
    let s = advance(plan, initialState(), { type: 'start' }, ctx).state;
    s = advance(plan, s, sent(s), ctx).state;
    const wrong = advance(plan, s, reply(s, 'no thanks'), ctx);
    expect(wrong.commands[0]).toMatchObject({ type: 'recordStep', step: { output: { valid: false, reason: 'No email address in the answer', attempt: 1 } } });
    expect(activities(wrong.commands)).toEqual([{ type: 'replyDm', text: 'Not an email, again?', contactQuickReplies: ['user_email'] }]);
    expect(wrong.state.awaiting).toMatchObject({ on: 'activity', attempt: 2, nodeId: '2' });
    s = advance(plan, wrong.state, sent(wrong.state), ctx).state;
    expect(s.awaiting).toMatchObject({ on: 'reply', attempt: 2 });
    const last = advance(plan, s, reply(s, 'still no'), ctx);
    expect(activities(last.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'Never mind' })]);
    expect(last.commands.some((c) => c.type === 'captureLead')).toBe(false);
  });

  it('leaves by "timeout" when no answer comes, and a failed ask DM fails the run', () => {
    const plan = askPlan({ answer: 'number', offerProfile: true });
    let s = advance(plan, initialState(), { type: 'start' }, ctx).state;
    expect(s.awaiting?.activity).toEqual({ type: 'replyDm', text: 'Email, Maya?' });
    const failed = advance(plan, s, { type: 'activityResult', seq: s.awaiting!.seq, ok: false, error: 'Not sent: window closed' }, ctx);
    expect(failed.commands).toContainEqual({ type: 'fail', seq: 2, nodeId: '2', reason: 'Not sent: window closed' });
    s = advance(plan, s, sent(s), ctx).state;
    const timedOut = advance(plan, s, { type: 'replyTimeout', seq: s.awaiting!.seq }, ctx);
    expect(timedOut.commands).toContainEqual({ type: 'complete' });
    expect(timedOut.state.done).toBe(true);
  });
});

describe('validateAnswer', () => {
  it.each([
    ['email', "it's Ana@Example.com!", 'Ana@Example.com'],
    ['phone', '+44 20 7946 0958', '+442079460958'],
    ['phone', '0033 1 42 68 53 00', '+33142685300'],
    ['number', '1 250,5', '1250.5'],
    ['date', '2026-03-01', '2026-03-01'],
    ['date', '1.3.2026', '2026-03-01'],
    ['url', 'example.com/shop', 'https://example.com/shop'],
    ['text', '  anything  ', 'anything'],
  ] as const)('%s: %s → %s', (kind, raw, value) => {
    expect(validateAnswer(kind, raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['email', 'no'],
    ['phone', '12345'],
    ['phone', '020 7946 0958'],
    ['number', 'ten'],
    ['date', '2026-02-30'],
    ['date', 'tomorrow'],
    ['url', 'not a link'],
    ['text', '   '],
  ] as const)('%s refuses %s', (kind, raw) => {
    expect(validateAnswer(kind, raw).ok).toBe(false);
  });
});
