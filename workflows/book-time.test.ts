import { describe, expect, it } from 'vitest';
import type { ExecutionPlan } from '../contracts/execution-plan';
import type { FlowNode, NodeKind } from '../contracts/flows';
import { compile } from '../flow-compiler/compile';
import { advance, initialState, type Command, type RunContext, type RunState } from './advance';
import { pickSlot } from './book-time';

const node = (id: string, kind: NodeKind, config: Record<string, unknown> = {}): FlowNode => ({
  id,
  type: 'default',
  position: { x: 0, y: 0 },
  data: { label: kind, kind, config },
});
const edge = (source: string, target: string, sourceHandle?: string) => ({ source, target, sourceHandle: sourceHandle ?? null });

const bookConfig = {
  prompt: 'Pick a time, {first_name}',
  slots: 2,
  retryMessage: 'Pick one of these',
  takenMessage: 'That one just went',
  retries: 1,
  timeout: { amount: 1, unit: 'hours' },
  confirmation: 'Booked {booking_time} ({booking_zone}): {booking_link}',
};

function bookPlan(platform: 'instagram' | 'twitter' = 'instagram'): ExecutionPlan {
  const dm = platform === 'twitter' ? 'twitterDM' : 'instagramDM';
  const r = compile(
    {
      nodes: [
        node('1', 'trigger', { type: 'keyword_dm', keywords: ['book'] }),
        node('2', 'bookTime', bookConfig),
        node('3', dm, { text: 'See you' }),
        node('4', dm, { text: 'No time' }),
        node('5', 'complete'),
      ],
      edges: [edge('1', '2'), edge('2', '3', 'booked'), edge('2', '4', 'noSlot'), edge('2', '5', 'timeout'), edge('3', '5'), edge('4', '5')],
    },
    platform,
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.plan;
}

const ctx: RunContext = { contact: { name: 'Maya Lopez', username: 'maya', tags: [], fields: {}, lastMessage: 'book' }, seed: 'run-1' };
const slots = [
  { startsAt: '2026-12-07T09:00:00.000Z', endsAt: '2026-12-07T09:30:00.000Z', label: 'Mon 7 Dec, 10:00' },
  { startsAt: '2026-12-07T09:30:00.000Z', endsAt: '2026-12-07T10:00:00.000Z', label: 'Mon 7 Dec, 10:30' },
];
const result = (s: RunState, output: unknown) => ({ type: 'activityResult' as const, seq: s.awaiting!.seq, ok: true as const, output });
const reply = (s: RunState, text: string) => ({ type: 'reply' as const, seq: s.awaiting!.seq, text });
const activities = (cs: Command[]) => cs.flatMap((c) => (c.type === 'callActivity' ? [c.activity] : []));
const booked = { booked: true, bookingId: 'b1', label: 'Mon 7 Dec, 10:30', timeZone: 'Europe/Berlin', icsUrl: 'https://x.test/api/public/bookings/t.ics' };

describe('Book a time (interpreter)', () => {
  it('reads slots, offers them as quick replies, books the picked one, confirms, and leaves by "booked"', () => {
    const plan = bookPlan();
    const a = advance(plan, initialState(), { type: 'start' }, ctx);
    expect(activities(a.commands)).toEqual([{ type: 'bookingSlots', limit: 2 }]);
    const b = advance(plan, a.state, result(a.state, { slots, quickReplies: true, timeZone: 'Europe/Berlin' }), ctx);
    expect(activities(b.commands)).toEqual([{ type: 'replyDm', text: 'Pick a time, Maya', quickReplies: ['Mon 7 Dec, 10:00', 'Mon 7 Dec, 10:30'] }]);
    expect(b.state.awaiting?.slots).toEqual(slots);
    const c = advance(plan, b.state, result(b.state, { sent: true }), ctx);
    expect(c.commands).toContainEqual({ type: 'waitForReply', seq: 4, nodeId: '2', timeoutMs: 3_600_000 });
    // The quick reply's title comes back as the text.
    const d = advance(plan, c.state, reply(c.state, 'mon 7 dec, 10:30'), ctx);
    expect(activities(d.commands)).toEqual([{ type: 'bookSlot', startsAt: slots[1]!.startsAt, endsAt: slots[1]!.endsAt }]);
    const e = advance(plan, d.state, result(d.state, booked), ctx);
    expect(activities(e.commands)).toEqual([{ type: 'replyDm', text: 'Booked Mon 7 Dec, 10:30 (Europe/Berlin): https://x.test/api/public/bookings/t.ics' }]);
    const f = advance(plan, e.state, result(e.state, { sent: true }), ctx);
    expect(activities(f.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'See you' })]);
    // A late duplicate of the pick is ignored.
    expect(advance(plan, f.state, reply(c.state, '2'), ctx).ignored).toBe(true);
  });

  it('on X lists the slots as numbers (no quick replies) and takes the number', () => {
    const plan = bookPlan('twitter');
    const a = advance(plan, initialState(), { type: 'start' }, ctx);
    const b = advance(plan, a.state, result(a.state, { slots, quickReplies: false, timeZone: 'UTC' }), ctx);
    expect(activities(b.commands)).toEqual([
      { type: 'replyDm', text: 'Pick a time, Maya\n\n1. Mon 7 Dec, 10:00\n2. Mon 7 Dec, 10:30\n\nReply with a number.' },
    ]);
    const c = advance(plan, b.state, result(b.state, { sent: true }), ctx);
    const d = advance(plan, c.state, reply(c.state, '1'), ctx);
    expect(activities(d.commands)).toEqual([{ type: 'bookSlot', startsAt: slots[0]!.startsAt, endsAt: slots[0]!.endsAt }]);
  });

  it('a slot taken meanwhile re-offers fresh slots with the taken message; a reply naming no slot re-offers once, then "noSlot"', () => {
    const plan = bookPlan();
    const a = advance(plan, initialState(), { type: 'start' }, ctx);
    const b = advance(plan, a.state, result(a.state, { slots, quickReplies: true, timeZone: 'UTC' }), ctx);
    const c = advance(plan, b.state, result(b.state, { sent: true }), ctx);
    const d = advance(plan, c.state, reply(c.state, '1'), ctx);
    const e = advance(plan, d.state, result(d.state, { booked: false }), ctx);
    expect(activities(e.commands)).toEqual([{ type: 'bookingSlots', limit: 2, note: 'taken' }]);
    const f = advance(plan, e.state, result(e.state, { slots: slots.slice(1), quickReplies: true, timeZone: 'UTC' }), ctx);
    expect(activities(f.commands)).toEqual([{ type: 'replyDm', text: 'That one just went\n\nPick a time, Maya', quickReplies: ['Mon 7 Dec, 10:30'] }]);
    const g = advance(plan, f.state, result(f.state, { sent: true }), ctx);
    const h = advance(plan, g.state, reply(g.state, 'tomorrow?'), ctx);
    expect(activities(h.commands)).toEqual([{ type: 'bookingSlots', limit: 2, note: 'retry' }]);
    const i = advance(plan, h.state, result(h.state, { slots, quickReplies: true, timeZone: 'UTC' }), ctx);
    expect(activities(i.commands)[0]).toMatchObject({ text: 'Pick one of these\n\nPick a time, Maya' });
    const j = advance(plan, i.state, result(i.state, { sent: true }), ctx);
    const k = advance(plan, j.state, reply(j.state, '9'), ctx);
    expect(activities(k.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'No time' })]);
  });

  it('no open slot leaves by "noSlot" at once; no pick in time by "timeout"', () => {
    const plan = bookPlan();
    const a = advance(plan, initialState(), { type: 'start' }, ctx);
    const none = advance(plan, a.state, result(a.state, { slots: [], quickReplies: true, timeZone: 'UTC' }), ctx);
    expect(activities(none.commands)).toEqual([expect.objectContaining({ type: 'sendDm', text: 'No time' })]);
    const b = advance(plan, a.state, result(a.state, { slots, quickReplies: true, timeZone: 'UTC' }), ctx);
    const c = advance(plan, b.state, result(b.state, { sent: true }), ctx);
    const t = advance(plan, c.state, { type: 'replyTimeout', seq: c.state.awaiting!.seq }, ctx);
    expect(t.commands).toContainEqual({ type: 'complete' });
  });

  it('publish: every branch must be connected, in plain words', () => {
    const r = compile({
      nodes: [node('1', 'trigger', { type: 'keyword_dm', keywords: ['book'] }), node('2', 'bookTime', bookConfig), node('3', 'complete')],
      edges: [edge('1', '2'), edge('2', '3', 'booked')],
    });
    expect(r.ok).toBe(false);
    expect(r.errors).toContainEqual(expect.objectContaining({ nodeId: '2', message: 'The "No slot" and "Timeout" branches are not connected' }));
  });

  it('picks by number, "#2", or the label, and nothing else', () => {
    expect(pickSlot(slots, ' 2. ')).toBe(slots[1]);
    expect(pickSlot(slots, '#1')).toBe(slots[0]);
    expect(pickSlot(slots, 'MON 7 DEC,  10:00')).toBe(slots[0]);
    expect(pickSlot(slots, '3')).toBeNull();
    expect(pickSlot(slots, 'monday')).toBeNull();
  });
});
