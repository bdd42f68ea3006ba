import { describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '../contracts/execution-plan';
import type { FlowNode, NodeKind } from '../contracts/flows';
import { compile } from '../flow-compiler/compile';
import { advance, initialState, type RunContext } from './advance';

const node = (id: string, kind: NodeKind, config: Record<string, unknown> = {}): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: 0 },
  data: { label: kind, kind, config },
});
const edge = (source: string, target: string, sourceHandle?: string) => ({ source, target, sourceHandle: sourceHandle ?? null });

const compiled = compile({
  nodes: [
    node('1', 'trigger', { type: 'keyword_dm', keywords: ['price'] }),
    node('2', 'aiReply', { confidenceThreshold: 0.7, instructions: 'Be brief' }),
    node('3', 'complete'),
    node('4', 'addTag', { tag: 'lead' }),
  ],
  edges: [edge('1', '2'), edge('2', '3', 'answered'), edge('2', '4', 'handoff')],
});
if (!compiled.ok) throw new Error(JSON.stringify(compiled.errors));
const plan: ExecutionPlan = compiled.plan;
const ctx: RunContext = { contact: { name: 'Maya', username: 'maya', tags: [], fields: {}, lastMessage: 'How much is shipping?' }, seed: 'run-1' };

/** `confidence` is the best entry's match score; the model's own rating of its answer is `modelConfidence`. */
const answer = (confidence: number, extra: Record<string, unknown> = {}) => ({
  question: 'How much is shipping?',
  answer: 'Shipping is free over $50.',
  confidence,
  modelConfidence: 0.9,
  mode: 'model',
  sources: [{ id: 'k1', title: 'Shipping' }],
  model: 'gemini-test',
  tokensIn: 120,
  tokensOut: 20,
  ...extra,
});

/** Start, then the AI answer arrives for the parked step. */
function answered(output: unknown) {
  const started = advance(plan, initialState(), { type: 'start' }, ctx);
  return { started, result: advance(plan, started.state, { type: 'activityResult', seq: 2, ok: true, output }, ctx) };
}

describe('advance: aiReply', () => {
  it('parks on an AI answer of the last inbound message, with the instructions as data and the threshold', () => {
    const r = advance(plan, initialState(), { type: 'start' }, ctx);
    expect(r.commands[1]).toEqual({
      type: 'callActivity',
      seq: 2,
      nodeId: '2',
      kind: 'aiReply',
      activity: { type: 'aiAnswer', question: 'How much is shipping?', instructions: 'Be brief', threshold: 0.7 },
    });
    expect(r.state.awaiting).toMatchObject({ seq: 2, on: 'activity' });
  });

  it('a confident answer is recorded, sent as a DM step of its own, and then exits "answered"', () => {
    const { result } = answered(answer(0.9));
    expect(result.commands[0]).toMatchObject({
      type: 'recordStep',
      finishes: true,
      step: { seq: 2, kind: 'aiReply', output: { answer: 'Shipping is free over $50.', confidence: 0.9, model: 'gemini-test' } },
    });
    expect(result.commands[1]).toEqual({
      type: 'callActivity',
      seq: 3,
      nodeId: '2',
      kind: 'aiReply',
      activity: { type: 'replyDm', text: 'Shipping is free over $50.' },
    });
    const sent = advance(plan, result.state, { type: 'activityResult', seq: 3, ok: true, output: { ledgerId: 'l1' } }, ctx);
    expect(sent.commands.map((c) => c.type)).toEqual(['recordStep', 'recordStep', 'complete']);
    expect(sent.commands[1]).toMatchObject({ step: { nodeId: '3', kind: 'complete' } });
  });

  it('below the threshold nothing is sent: the handoff tag, conversation priority high, exit "handoff"', () => {
    const { result } = answered(answer(0.5));
    expect(result.commands.some((c) => c.type === 'callActivity')).toBe(false);
    expect(result.commands).toContainEqual({ type: 'updateContact', addTags: ['needs-human'], conversationPriority: 'high' });
    expect(result.commands).toContainEqual({ type: 'updateContact', addTags: ['lead'] });
    expect(result.commands.at(-1)).toEqual({ type: 'complete' });
  });

  it('a model that rates its own answer under the threshold is not sent, whatever the match score', () => {
    const { result } = answered(answer(0.95, { modelConfidence: 0.4 }));
    expect(result.commands.some((c) => c.type === 'callActivity')).toBe(false);
    expect(result.commands).toContainEqual({ type: 'updateContact', addTags: ['needs-human'], conversationPriority: 'high' });
  });

  it('a quoted passage (no model) is sent on its match score alone; a skipped step (an allowance used up) hands off', () => {
    const quoted = answered(answer(0.8, { mode: 'knowledge_base', modelConfidence: undefined, model: null }));
    expect(quoted.result.commands[1]).toMatchObject({ type: 'callActivity', activity: { type: 'replyDm' } });
    const skipped = answered(answer(0.9, { mode: 'skipped', answer: '', note: 'This contact reached today’s AI allowance' }));
    expect(skipped.result.commands.some((c) => c.type === 'callActivity')).toBe(false);
    expect(skipped.result.commands).toContainEqual({ type: 'updateContact', addTags: ['needs-human'], conversationPriority: 'high' });
  });

  it('a model failure hands off with the error kept in the step, and never fails the run', () => {
    const { result } = answered(answer(0, { answer: '', mode: 'error', error: 'AI Service Unavailable: 500' }));
    expect(result.commands[0]).toMatchObject({ step: { output: { mode: 'error', error: 'AI Service Unavailable: 500' } } });
    expect(result.commands.some((c) => c.type === 'fail')).toBe(false);
    expect(result.commands).toContainEqual({ type: 'updateContact', addTags: ['needs-human'], conversationPriority: 'high' });
  });

  it('nothing matched, an unreadable result or a failed activity all hand off', () => {
    for (const output of [answer(0.9, { mode: 'none', answer: '' }), { junk: true }]) {
      expect(answered(output).result.commands).toContainEqual({ type: 'updateContact', addTags: ['needs-human'], conversationPriority: 'high' });
    }
    const started = advance(plan, initialState(), { type: 'start' }, ctx);
    const failed = advance(plan, started.state, { type: 'activityResult', seq: 2, ok: false, error: 'boom' }, ctx);
    expect(failed.commands[0]).toMatchObject({ step: { output: { mode: 'error', error: 'boom' } } });
  });

  it('a failed DM of a confident answer fails the run like a DM node', () => {
    const { result } = answered(answer(0.9));
    const failed = advance(plan, result.state, { type: 'activityResult', seq: 3, ok: false, error: 'outside window' }, ctx);
    expect(failed.commands).toEqual([{ type: 'fail', seq: 3, nodeId: '2', reason: 'outside window' }]);
  });

  it('replay: the same input twice gives the same commands, and the settled step ignores a late copy', () => {
    const a = answered(answer(0.9));
    const b = answered(answer(0.9));
    expect(b.result).toEqual(a.result);
    const late = advance(plan, a.result.state, { type: 'activityResult', seq: 2, ok: true, output: answer(0.9) }, ctx);
    expect(late).toMatchObject({ ignored: true, commands: [] });
  });
});
