import { describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '../contracts/execution-plan';
import type { FlowGraph, FlowNode, NodeKind } from '../contracts/flows';
import { compile } from '../flow-compiler/compile';
import { advance, initialState, unitInterval, type AdvanceInput, type Command, type RunContext, type RunState } from './advance';

const node = (id: string, kind: NodeKind, config: Record<string, unknown> = {}): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: 0 },
  data: { label: kind, kind, config },
});
const edge = (source: string, target: string, sourceHandle?: string) => ({ source, target, sourceHandle: sourceHandle ?? null });
const trigger = node('1', 'trigger', { type: 'keyword_dm', keywords: ['price'] });

function planOf(graph: FlowGraph): ExecutionPlan {
  const r = compile(graph);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.plan;
}

const ctx = (over: Partial<RunContext['contact']> = {}, seed = 'run-1'): RunContext => ({
  contact: { name: 'Maya Lopez', username: 'maya', tags: [], fields: {}, lastMessage: 'what is the price?', ...over },
  seed,
});

const kinds = (commands: Command[]) => commands.map((c) => (c.type === 'recordStep' ? `step:${c.step.kind}` : c.type));

/** Drives a run to rest, answering every activity with success. */
function drive(plan: ExecutionPlan, context: RunContext, state = initialState(), input: AdvanceInput = { type: 'start' }) {
  const all: Command[] = [];
  let r = advance(plan, state, input, context);
  all.push(...r.commands);
  while (r.state.awaiting?.on === 'activity') {
    r = advance(plan, r.state, { type: 'activityResult', seq: r.state.awaiting.seq, ok: true, output: { sent: true } }, context);
    all.push(...r.commands);
  }
  return { state: r.state, commands: all };
}

describe('advance', () => {
  const dmFlow = planOf({
    nodes: [trigger, node('2', 'instagramDM', { text: 'Hi {first_name}, the price is $10' }), node('3', 'complete')],
    edges: [edge('1', '2'), edge('2', '3')],
  });

  it('starts at the trigger, renders the DM with the contact, and parks on the activity', () => {
    const r = advance(dmFlow, initialState(), { type: 'start' }, ctx());
    expect(kinds(r.commands)).toEqual(['step:trigger', 'callActivity']);
    expect(r.commands[1]).toMatchObject({
      type: 'callActivity',
      seq: 2,
      nodeId: '2',
      activity: { type: 'sendDm', channel: 'instagram', text: 'Hi Maya, the price is $10' },
    });
    expect(r.state).toMatchObject({ seq: 2, awaiting: { seq: 2, nodeId: '2', on: 'activity' }, done: false });
  });

  it('marks the DM activity for tracked links only when the node has Track links on', () => {
    const tracked = planOf({
      nodes: [trigger, node('2', 'instagramDM', { text: 'Shop: https://shop.example', trackLinks: true }), node('3', 'complete')],
      edges: [edge('1', '2'), edge('2', '3')],
    });
    const on = advance(tracked, initialState(), { type: 'start' }, ctx());
    expect(on.commands[1]).toMatchObject({ activity: { type: 'sendDm', text: 'Shop: https://shop.example', trackLinks: true } });
    // A node saved before the option existed has no trackLinks: off, the activity as before.
    const off = advance(dmFlow, initialState(), { type: 'start' }, ctx());
    expect(off.commands[1]).toEqual(expect.objectContaining({ activity: expect.not.objectContaining({ trackLinks: expect.anything() }) }));
  });

  it('finishes the step on success and completes', () => {
    const parked = advance(dmFlow, initialState(), { type: 'start' }, ctx()).state;
    const r = advance(dmFlow, parked, { type: 'activityResult', seq: 2, ok: true, output: { messageId: 'm1' } }, ctx());
    expect(kinds(r.commands)).toEqual(['step:instagramDM', 'step:complete', 'complete']);
    expect(r.commands[0]).toMatchObject({ finishes: true, step: { seq: 2, status: 'completed', output: { messageId: 'm1' } } });
    expect(r.state.done).toBe(true);
  });

  it('fails the run on a terminal activity error', () => {
    const parked = advance(dmFlow, initialState(), { type: 'start' }, ctx()).state;
    const r = advance(dmFlow, parked, { type: 'activityResult', seq: 2, ok: false, error: 'outside the 24-hour window' }, ctx());
    expect(r.commands).toEqual([{ type: 'fail', seq: 2, nodeId: '2', reason: 'outside the 24-hour window' }]);
    expect(r.state.done).toBe(true);
  });

  it('ignores stale and mismatched inputs, and anything after the end', () => {
    const parked = advance(dmFlow, initialState(), { type: 'start' }, ctx()).state;
    expect(advance(dmFlow, parked, { type: 'activityResult', seq: 1, ok: true, output: null }, ctx()).ignored).toBe(true);
    expect(advance(dmFlow, parked, { type: 'timerFired', seq: 2 }, ctx()).ignored).toBe(true);
    expect(advance(dmFlow, parked, { type: 'start' }, ctx()).ignored).toBe(true);
    const done = drive(dmFlow, ctx()).state;
    expect(advance(dmFlow, done, { type: 'activityResult', seq: 2, ok: true, output: null }, ctx()).ignored).toBe(true);
  });

  it('an unconnected last node ends the run (implicit complete)', () => {
    const plan = planOf({ nodes: [trigger, node('2', 'addTag', { tag: 'lead' })], edges: [edge('1', '2')] });
    const r = advance(plan, initialState(), { type: 'start' }, ctx());
    expect(kinds(r.commands)).toEqual(['step:trigger', 'updateContact', 'step:addTag', 'complete']);
    expect(r.commands[1]).toEqual({ type: 'updateContact', addTags: ['lead'] });
  });

  it('a Track conversion step records one sale for the run and passes on', () => {
    const plan = planOf({ nodes: [trigger, node('2', 'trackConversion', { amountCents: 4900, currency: 'USD' })], edges: [edge('1', '2')] });
    const r = advance(plan, initialState(), { type: 'start' }, ctx());
    expect(kinds(r.commands)).toEqual(['step:trigger', 'trackConversion', 'step:trackConversion', 'complete']);
    expect(r.commands[1]).toEqual({ type: 'trackConversion', seq: 2, nodeId: '2', amountCents: 4900 });
  });

  it("a Sequence step enrols (or unenrols) the run's contact once, in the turn, and passes on", () => {
    const sequenceId = '6f1c2f4e-8f0a-4c57-9d2e-1a2b3c4d5e6f';
    const plan = planOf({
      nodes: [trigger, node('2', 'enrollSequence', { sequenceId, action: 'enroll' }), node('3', 'enrollSequence', { sequenceId, action: 'unenroll' })],
      edges: [edge('1', '2'), edge('2', '3')],
    });
    const r = advance(plan, initialState(), { type: 'start' }, ctx());
    expect(kinds(r.commands)).toEqual(['step:trigger', 'enrollSequence', 'step:enrollSequence', 'enrollSequence', 'step:enrollSequence', 'complete']);
    expect(r.commands[1]).toEqual({ type: 'enrollSequence', seq: 2, nodeId: '2', sequenceId, action: 'enroll' });
    expect(r.commands[3]).toEqual({ type: 'enrollSequence', seq: 3, nodeId: '3', sequenceId, action: 'unenroll' });
  });

  describe('captureLead', () => {
    const askAndCapture = (config: Record<string, unknown>) =>
      planOf({
        nodes: [
          trigger,
          node('2', 'waitForReply', { timeout: { amount: 1, unit: 'hours' } }),
          node('3', 'captureLead', config),
          node('4', 'addTag', { tag: 'after' }),
          node('5', 'complete'),
        ],
        edges: [edge('1', '2'), edge('2', '3', 'reply'), edge('2', '5', 'timeout'), edge('3', '4'), edge('4', '5')],
      });

    it("takes the first email of the reply the run resumed with, and saves it with the name's template", () => {
      const plan = askAndCapture({ from: 'lastMessage', name: '{first_name}' });
      const parked = advance(plan, initialState(), { type: 'start' }, ctx()).state;
      const r = advance(plan, parked, { type: 'reply', seq: 2, text: "sure, it's ana@example.com!" }, ctx());
      expect(kinds(r.commands)).toEqual(['step:waitForReply', 'captureLead', 'step:captureLead', 'updateContact', 'step:addTag', 'step:complete', 'complete']);
      expect(r.commands[1]).toEqual({ type: 'captureLead', seq: 3, nodeId: '3', email: 'ana@example.com', name: 'Maya' });
      expect(r.commands[2]).toMatchObject({ step: { seq: 3, kind: 'captureLead', status: 'completed', output: { email: 'ana@example.com', name: 'Maya' } } });
    });

    it('with no email in the text, writes nothing, says so in the step and goes on', () => {
      const plan = askAndCapture({ from: 'lastMessage' });
      const parked = advance(plan, initialState(), { type: 'start' }, ctx()).state;
      const r = advance(plan, parked, { type: 'reply', seq: 2, text: 'no thanks' }, ctx());
      expect(kinds(r.commands)).toEqual(['step:waitForReply', 'step:captureLead', 'updateContact', 'step:addTag', 'step:complete', 'complete']);
      expect(r.commands[1]).toMatchObject({ step: { kind: 'captureLead', output: { email: null, note: 'No email found' } } });
    });

    it('reads a template (a contact field) when told to, and leaves the name alone when none is given', () => {
      const plan = planOf({ nodes: [trigger, node('2', 'captureLead', { from: 'template', value: '{field.mail}' })], edges: [edge('1', '2')] });
      const r = advance(plan, initialState(), { type: 'start' }, ctx({ fields: { mail: 'Bob@Example.org' } }));
      expect(r.commands[1]).toEqual({ type: 'captureLead', seq: 2, nodeId: '2', email: 'Bob@Example.org', name: null });
    });

    it('refuses to publish a template source with no text', () => {
      const r = compile({ nodes: [trigger, node('2', 'captureLead', { from: 'template', value: ' ' })], edges: [edge('1', '2')] });
      expect(r.ok).toBe(false);
      expect(r.errors).toEqual([
        expect.objectContaining({ nodeId: '2', code: 'invalid_config', message: 'captureLead: value: Write the text to take the email from' }),
      ]);
    });
  });

  it('a delay above zero starts a timer and resumes on it; a zero delay is a step that passes straight on', () => {
    const plan = planOf({
      nodes: [trigger, node('2', 'delay', { amount: 0, unit: 'seconds' }), node('3', 'delay', { amount: 3, unit: 'days' }), node('4', 'complete')],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
    });
    const r = advance(plan, initialState(), { type: 'start' }, ctx());
    expect(kinds(r.commands)).toEqual(['step:trigger', 'step:delay', 'startTimer']);
    expect(r.commands[2]).toEqual({ type: 'startTimer', seq: 3, nodeId: '3', dueInMs: 3 * 86_400_000 });
    const resumed = advance(plan, r.state, { type: 'timerFired', seq: 3 }, ctx());
    expect(kinds(resumed.commands)).toEqual(['step:delay', 'step:complete', 'complete']);
  });

  describe('condition', () => {
    const plan = (match: 'all' | 'any', rules: unknown[]) =>
      planOf({
        nodes: [trigger, node('2', 'condition', { match, rules }), node('3', 'addTag', { tag: 'yes' }), node('4', 'addTag', { tag: 'no' })],
        edges: [edge('1', '2'), edge('2', '3', 'yes'), edge('2', '4', 'no')],
      });
    const branch = (p: ExecutionPlan, c: RunContext) => {
      const step = advance(p, initialState(), { type: 'start' }, c).commands.find((x) => x.type === 'recordStep' && x.step.kind === 'condition');
      return step && step.type === 'recordStep' ? (step.step.output as { result: string }).result : null;
    };
    const cases: [string, unknown, Partial<RunContext['contact']>, 'yes' | 'no'][] = [
      ['tag has', { subject: 'tag', operator: 'has', value: 'VIP' }, { tags: ['vip'] }, 'yes'],
      ['tag has (absent)', { subject: 'tag', operator: 'has', value: 'vip' }, {}, 'no'],
      ['tag not_has', { subject: 'tag', operator: 'not_has', value: 'vip' }, {}, 'yes'],
      ['field equals', { subject: 'field', field: 'plan', operator: 'equals', value: 'pro' }, { fields: { plan: 'Pro' } }, 'yes'],
      ['field not_equals', { subject: 'field', field: 'plan', operator: 'not_equals', value: 'pro' }, { fields: { plan: 'free' } }, 'yes'],
      ['field is_set', { subject: 'field', field: 'email', operator: 'is_set' }, { fields: { email: 'a@b.c' } }, 'yes'],
      ['field is_not_set', { subject: 'field', field: 'email', operator: 'is_not_set' }, { fields: { email: '' } }, 'yes'],
      ['field contains (number)', { subject: 'field', field: 'n', operator: 'contains', value: '42' }, { fields: { n: 1423 } }, 'yes'],
      ['lastMessage contains', { subject: 'lastMessage', operator: 'contains', value: 'PRICE' }, {}, 'yes'],
      ['lastMessage not_contains', { subject: 'lastMessage', operator: 'not_contains', value: 'price' }, {}, 'no'],
      ['lastMessage none', { subject: 'lastMessage', operator: 'contains', value: 'x' }, { lastMessage: null }, 'no'],
    ];
    for (const [name, rule, contact, expected] of cases) {
      it(name, () => expect(branch(plan('all', [rule]), ctx(contact))).toBe(expected));
    }
    it('all vs any', () => {
      const rules = [
        { subject: 'tag', operator: 'has', value: 'vip' },
        { subject: 'lastMessage', operator: 'contains', value: 'price' },
      ];
      expect(branch(plan('all', rules), ctx())).toBe('no');
      expect(branch(plan('any', rules), ctx())).toBe('yes');
    });
    it('sees tags set earlier in the same advance', () => {
      const p = planOf({
        nodes: [
          trigger,
          node('2', 'addTag', { tag: 'vip' }),
          node('3', 'condition', { rules: [{ subject: 'tag', operator: 'has', value: 'vip' }] }),
          node('4', 'complete'),
          node('5', 'complete'),
        ],
        edges: [edge('1', '2'), edge('2', '3'), edge('3', '4', 'yes'), edge('3', '5', 'no')],
      });
      const r = advance(p, initialState(), { type: 'start' }, ctx());
      expect(r.commands.filter((c) => c.type === 'recordStep').map((c) => c.type === 'recordStep' && c.step.nodeId)).toEqual(['1', '2', '3', '4']);
    });
  });

  describe('wait for reply', () => {
    const plan = planOf({
      nodes: [
        trigger,
        node('2', 'waitForReply', { timeout: { amount: 1, unit: 'hours' }, saveAs: 'email' }),
        node('3', 'addTag', { tag: 'answered' }),
        node('4', 'addTag', { tag: 'silent' }),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'reply'), edge('2', '4', 'timeout')],
    });
    const parked = advance(plan, initialState(), { type: 'start' }, ctx());
    it('parks with its timeout', () => {
      expect(parked.commands.at(-1)).toEqual({ type: 'waitForReply', seq: 2, nodeId: '2', timeoutMs: 3_600_000 });
      expect(parked.state.awaiting).toEqual({ seq: 2, nodeId: '2', on: 'reply' });
    });
    it('a reply saves the answer and takes the reply branch', () => {
      const r = advance(plan, parked.state, { type: 'reply', seq: 2, text: 'maya@example.com' }, ctx());
      expect(r.commands).toContainEqual({ type: 'updateContact', setFields: { email: 'maya@example.com' } });
      expect(r.commands).toContainEqual({ type: 'updateContact', addTags: ['answered'] });
    });
    it('the timeout takes the timeout branch', () => {
      const r = advance(plan, parked.state, { type: 'replyTimeout', seq: 2 }, ctx());
      expect(r.commands).toContainEqual({ type: 'updateContact', addTags: ['silent'] });
    });
    it('a reply after the timeout (or the other way round) is ignored', () => {
      const timedOut = advance(plan, parked.state, { type: 'replyTimeout', seq: 2 }, ctx());
      expect(advance(plan, timedOut.state, { type: 'reply', seq: 2, text: 'late' }, ctx()).ignored).toBe(true);
    });
  });

  describe('randomizer', () => {
    const plan = planOf({
      nodes: [
        trigger,
        node('2', 'randomizer', {
          branches: [
            { key: 'A', weight: 70 },
            { key: 'B', weight: 30 },
            { key: 'C', weight: 0 },
          ],
        }),
        node('3', 'addTag', { tag: 'A' }),
        node('4', 'addTag', { tag: 'B' }),
        node('5', 'addTag', { tag: 'C' }),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'A'), edge('2', '4', 'B'), edge('2', '5', 'C')],
    });
    const pick = (seed: string) => {
      const c = advance(plan, initialState(), { type: 'start' }, ctx({}, seed)).commands.find((x) => x.type === 'updateContact');
      return c && c.type === 'updateContact' ? c.addTags![0] : null;
    };
    it('is deterministic for a seed', () => {
      for (let i = 0; i < 50; i++) expect(pick(`run-${i}`)).toBe(pick(`run-${i}`));
    });
    it('splits by weight and never picks a zero-weight branch', () => {
      const counts: Record<string, number> = { A: 0, B: 0, C: 0 };
      for (let i = 0; i < 10_000; i++) counts[pick(`run-${i}`)!]! += 1;
      expect(counts.C).toBe(0);
      expect(counts.A! / 10_000).toBeGreaterThan(0.67);
      expect(counts.A! / 10_000).toBeLessThan(0.73);
    });
    it('unitInterval stays in [0, 1)', () => {
      for (let i = 0; i < 1000; i++) {
        const u = unitInterval(`s${i}`);
        expect(u).toBeGreaterThanOrEqual(0);
        expect(u).toBeLessThan(1);
      }
    });
  });

  it('webhook: variables are JSON-escaped in the body, the response is saved to a field', () => {
    const plan = planOf({
      nodes: [
        trigger,
        node('2', 'webhook', {
          method: 'POST',
          url: 'https://crm.example.com/leads',
          headers: [{ key: 'X-User', value: '{username}' }],
          body: '{"name":"{name}","msg":"hi"}',
          saveResponseTo: 'crm',
        }),
        node('3', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3')],
    });
    const r = advance(plan, initialState(), { type: 'start' }, ctx({ name: 'Ann "The Hacker" O\'Neil' }));
    const call = r.commands.find((c) => c.type === 'callActivity');
    expect(call).toMatchObject({ activity: { type: 'webhook', headers: [{ key: 'X-User', value: '@maya' }] } });
    const body = call && call.type === 'callActivity' && call.activity.type === 'webhook' ? call.activity.body : '';
    expect(JSON.parse(body)).toEqual({ name: 'Ann "The Hacker" O\'Neil', msg: 'hi' });
    const done = advance(plan, r.state, { type: 'activityResult', seq: 2, ok: true, output: { status: 200, body: { id: 7 } } }, ctx());
    expect(done.commands).toContainEqual({ type: 'updateContact', setFields: { crm: { id: 7 } } });
  });

  it('set field renders variables; remove tag removes', () => {
    const plan = planOf({
      nodes: [trigger, node('2', 'setField', { field: 'greeting', value: 'Hello {first_name}' }), node('3', 'removeTag', { tag: 'cold' })],
      edges: [edge('1', '2'), edge('2', '3')],
    });
    const r = advance(plan, initialState(), { type: 'start' }, ctx({ tags: ['cold', 'x'] }));
    expect(r.commands).toContainEqual({ type: 'updateContact', setFields: { greeting: 'Hello Maya' } });
    expect(r.commands).toContainEqual({ type: 'updateContact', removeTags: ['cold'] });
    expect(r.commands.find((c) => c.type === 'recordStep' && c.step.kind === 'removeTag')).toMatchObject({ step: { output: { tags: ['x'] } } });
  });

  it('public reply and every DM channel call their activity', () => {
    const plan = planOf({
      nodes: [
        node('1', 'trigger', { type: 'comment', keywords: [] }),
        node('2', 'publicReply', { text: 'Check DMs {username}' }),
        node('3', 'messengerDM', { text: 'm' }),
        node('4', 'twitterDM', { text: 't' }),
      ],
      edges: [edge('1', '2'), edge('2', '3'), edge('3', '4')],
    });
    const { commands } = drive(plan, ctx());
    expect(commands.filter((c) => c.type === 'callActivity').map((c) => c.type === 'callActivity' && c.activity)).toEqual([
      { type: 'publicReply', text: 'Check DMs @maya' },
      { type: 'sendDm', channel: 'facebook', text: 'm', quickReplies: [] },
      { type: 'sendDm', channel: 'twitter', text: 't', quickReplies: [] },
    ]);
  });

  it('retryFrom re-runs the failed node as a new step and goes on', () => {
    const parked = advance(dmFlow, initialState(), { type: 'start' }, ctx()).state;
    const failed = advance(dmFlow, parked, { type: 'activityResult', seq: 2, ok: false, error: 'boom' }, ctx()).state;
    const r = advance(dmFlow, failed, { type: 'retryFrom', nodeId: '2' }, ctx());
    expect(r.commands[0]).toMatchObject({ type: 'callActivity', seq: 3, nodeId: '2' });
    expect(r.state).toMatchObject({ done: false, awaiting: { seq: 3 } });
  });

  it('stops a plan that loops without pausing (hand-made; the compiler refuses such graphs)', () => {
    const plan: ExecutionPlan = {
      schema: 1,
      platform: 'multi',
      triggerNodeId: '1',
      trigger: { type: 'keyword_dm', keywords: [], accountId: null, postId: null },
      nodes: {
        '1': { id: '1', kind: 'trigger', label: 'Start', config: { type: 'keyword_dm', keywords: [], accountId: null, postId: null }, next: { next: '2' } },
        '2': { id: '2', kind: 'addTag', label: 'loop', config: { tag: 'x' }, next: { next: '2' } },
      },
    };
    const r = advance(plan, initialState(), { type: 'start' }, ctx());
    expect(r.commands.at(-1)).toMatchObject({ type: 'fail' });
    expect(r.state.done).toBe(true);
  });

  it('is pure: same inputs, same outputs; inputs untouched', () => {
    const c = ctx({ tags: ['a'] });
    const before = JSON.stringify(c);
    const s: RunState = initialState();
    expect(JSON.stringify(advance(dmFlow, s, { type: 'start' }, c))).toBe(JSON.stringify(advance(dmFlow, s, { type: 'start' }, c)));
    expect(JSON.stringify(c)).toBe(before);
  });
});
