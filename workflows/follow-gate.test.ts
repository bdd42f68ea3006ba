import { describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '../contracts/execution-plan';
import type { FlowNode, NodeKind } from '../contracts/flows';
import { compile } from '../flow-compiler/compile';
import { advance, initialState, type Command, type RunContext, type RunState } from './advance';

const node = (id: string, kind: NodeKind, config: Record<string, unknown> = {}): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: 0 },
  data: { label: kind, kind, config },
});
const edge = (source: string, target: string, sourceHandle?: string) => ({ source, target, sourceHandle: sourceHandle ?? null });

function gatePlan(config: Record<string, unknown> = {}): ExecutionPlan {
  const r = compile(
    {
      nodes: [
        node('1', 'trigger', { type: 'comment', keywords: ['link'] }),
        node('2', 'followGate', {
          text: 'Follow us {first_name}, then tap',
          buttonTitle: "I'm following",
          notYetText: 'Not yet, {first_name}',
          timeout: { amount: 2, unit: 'hours' },
          ...config,
        }),
        node('3', 'instagramDM', { text: 'Here is the link' }),
        node('4', 'instagramDM', { text: 'Never mind' }),
        node('5', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'following'), edge('2', '4', 'notFollowing'), edge('2', '5', 'timeout'), edge('3', '5'), edge('4', '5')],
    },
    'instagram',
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.plan;
}

const ctx: RunContext = { contact: { name: 'Maya Lopez', username: 'maya', tags: [], fields: {}, lastMessage: 'link' }, seed: 'run-1' };
const sent = (s: RunState) => ({ type: 'activityResult' as const, seq: s.awaiting!.seq, ok: true as const, output: { sent: true } });
const tap = (s: RunState) => ({ type: 'reply' as const, seq: s.awaiting!.seq, text: "I'm following" });
const checked = (s: RunState, follows: boolean) => ({
  type: 'activityResult' as const,
  seq: s.awaiting!.seq,
  ok: true as const,
  output: { follows, username: 'maya' },
});
const activities = (cs: Command[]) => cs.flatMap((c) => (c.type === 'callActivity' ? [c.activity] : []));
const steps = (cs: Command[]) => cs.flatMap((c) => (c.type === 'recordStep' ? [c.step.output] : []));

/** Start → DM sent → tapped: the run now waits on the follow check. */
function atCheck(plan: ExecutionPlan): RunState {
  let s = advance(plan, initialState(), { type: 'start' }, ctx).state;
  s = advance(plan, s, sent(s), ctx).state;
  return advance(plan, s, tap(s), ctx).state;
}

describe('Follow gate (interpreter)', () => {
  it('DMs the text with the one quick reply, waits for the tap, checks, and on a follow leaves by "following"', () => {
    const plan = gatePlan();
    const a = advance(plan, initialState(), { type: 'start' }, ctx);
    expect(activities(a.commands)).toEqual([{ type: 'replyDm', text: 'Follow us Maya, then tap', quickReplies: ["I'm following"] }]);
    const b = advance(plan, a.state, sent(a.state), ctx);
    expect(b.commands.find((c) => c.type === 'waitForReply')).toEqual({ type: 'waitForReply', seq: 3, nodeId: '2', timeoutMs: 7_200_000 });
    const c = advance(plan, b.state, tap(b.state), ctx);
    expect(activities(c.commands)).toEqual([{ type: 'checkFollow' }]);
    expect(c.state.awaiting).toEqual({ seq: 4, nodeId: '2', on: 'activity', activity: { type: 'checkFollow' }, attempt: 1 });
    const d = advance(plan, c.state, checked(c.state, true), ctx);
    expect(steps(d.commands)[0]).toEqual({ follows: true, username: 'maya', attempt: 1 });
    expect(activities(d.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'Here is the link' })]);
    // The same tap delivered again finds the run moved on.
    expect(advance(plan, d.state, tap(b.state), ctx).ignored).toBe(true);
  });

  it('not yet: sends the "not yet" message with the button again, at most `retries` times, then leaves by "notFollowing"', () => {
    const plan = gatePlan({ retries: 1 });
    const s = atCheck(plan);
    const notYet = advance(plan, s, checked(s, false), ctx);
    expect(steps(notYet.commands)[0]).toEqual({ follows: false, username: 'maya', attempt: 1, retriesLeft: 1 });
    expect(activities(notYet.commands)).toEqual([{ type: 'replyDm', text: 'Not yet, Maya', quickReplies: ["I'm following"] }]);
    expect(notYet.state.awaiting).toMatchObject({ on: 'activity', attempt: 2 });
    let t = advance(plan, notYet.state, sent(notYet.state), ctx).state;
    t = advance(plan, t, tap(t), ctx).state;
    expect(t.awaiting).toMatchObject({ activity: { type: 'checkFollow' }, attempt: 2 });
    const last = advance(plan, t, checked(t, false), ctx);
    expect(steps(last.commands)[0]).toEqual({ follows: false, username: 'maya', attempt: 2, retriesLeft: 0 });
    expect(activities(last.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'Never mind' })]);
  });

  it('with no re-checks, the first "not yet" goes straight to "notFollowing"', () => {
    const plan = gatePlan({ retries: 0 });
    const s = atCheck(plan);
    expect(activities(advance(plan, s, checked(s, false), ctx).commands)).toEqual([expect.objectContaining({ text: 'Never mind' })]);
  });

  it('leaves by "timeout" when no tap comes, and ignores a timer or a reply that is not what it waits for', () => {
    const plan = gatePlan();
    let s = advance(plan, initialState(), { type: 'start' }, ctx).state;
    // A reply while the DM is still going out is not the tap.
    expect(advance(plan, s, tap(s), ctx).ignored).toBe(true);
    s = advance(plan, s, sent(s), ctx).state;
    const timedOut = advance(plan, s, { type: 'replyTimeout', seq: s.awaiting!.seq }, ctx);
    expect(steps(timedOut.commands)[0]).toEqual({ timedOut: true, attempt: 1 });
    expect(timedOut.state.done).toBe(true);
    const c = atCheck(plan);
    expect(advance(plan, c, tap(c), ctx).ignored).toBe(true);
  });

  it('fails the step when the check fails, or answers something unreadable', () => {
    const plan = gatePlan();
    const s = atCheck(plan);
    const failed = advance(plan, s, { type: 'activityResult', seq: s.awaiting!.seq, ok: false, error: 'User consent is required (code 230)' }, ctx);
    expect(failed.commands).toContainEqual({ type: 'fail', seq: 4, nodeId: '2', reason: 'User consent is required (code 230)' });
    const odd = advance(plan, s, { type: 'activityResult', seq: s.awaiting!.seq, ok: true, output: { sent: true } }, ctx);
    expect(odd.commands).toContainEqual(expect.objectContaining({ type: 'fail', nodeId: '2' }));
  });

  it('is refused at publish outside Instagram flows, in plain English', () => {
    const graph = {
      nodes: [
        node('1', 'trigger', { type: 'keyword_dm', keywords: ['link'] }),
        node('2', 'followGate', { text: 'Follow us', buttonTitle: 'Done', notYetText: 'Not yet', timeout: { amount: 1, unit: 'hours' } }),
        node('3', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'following'), edge('2', '3', 'notFollowing'), edge('2', '3', 'timeout')],
    };
    const onX = compile(graph, 'twitter');
    expect(onX.ok ? [] : onX.errors).toEqual([
      { nodeId: '2', code: 'channel_mismatch', message: "A follow gate checks Instagram follows, and X's API has no such check: use it in an Instagram flow" },
    ]);
    const multi = compile(graph, 'multi');
    expect(multi.ok ? [] : multi.errors.map((e) => e.code)).toEqual(['channel_mismatch']);
    expect(compile(graph, 'instagram').ok).toBe(true);
  });
});
