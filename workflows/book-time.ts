import type { PlanNode } from '../contracts/execution-plan';
import { durationMs } from '../contracts/flows';
import { bookSlotOutput, bookingSlotsOutput, type Activity, type AdvanceInput, type Awaiting, type BookingSlot } from '../contracts/run-state';
import type { RunContact } from './advance';
import { awaitedReply } from './awaited-reply';

type BookNode = Extract<PlanNode, { kind: 'bookTime' }>;

/** What a resumed Book a time step does next: leave by a branch, park again on the same node, fail, or ignore the input. */
export type BookResumed =
  | { next: string | null }
  | {
      park:
        | { on: 'activity'; activity: Activity; attempt: number; slots?: BookingSlot[] }
        | { on: 'reply'; timeoutMs: number; attempt: number; slots: BookingSlot[] };
    }
  | { failed: string }
  | { ignored: true };

/** The first activity of a Book a time step, and of every re-offer: read the open slots. */
export function slotsActivity(node: BookNode, note?: 'taken' | 'retry'): Activity {
  return { type: 'bookingSlots', limit: node.config.slots, ...(note ? { note } : {}) };
}

/**
 * The pick: the number of a listed slot ("2", "#2", "2."), or its label as the quick reply sends it
 * back (case and spacing aside). Null when the reply names none.
 */
export function pickSlot(slots: BookingSlot[], reply: string): BookingSlot | null {
  const text = reply.trim().toLowerCase().replace(/\s+/g, ' ');
  const n = /^#?(\d{1,2})[.)]?$/.exec(text);
  if (n) return slots[Number(n[1]) - 1] ?? null;
  return slots.find((s) => s.label.toLowerCase().replace(/\s+/g, ' ') === text) ?? null;
}

/** The offer's text: why again (if it is a re-offer), the prompt, and on X (no quick replies) the numbered list. */
function offerText(node: BookNode, note: 'taken' | 'retry' | undefined, slots: BookingSlot[], quickReplies: boolean, render: (t: string) => string): string {
  const c = node.config;
  const lead = note === 'taken' ? `${render(c.takenMessage)}\n\n` : note === 'retry' ? `${render(c.retryMessage)}\n\n` : '';
  const list = quickReplies ? '' : `\n\n${slots.map((s, i) => `${i + 1}. ${s.label}`).join('\n')}\n\nReply with a number.`;
  return `${lead}${render(c.prompt)}${list}`;
}

/**
 * A Book a time step resumed (workflows/advance.ts). Its steps, each recorded on its own:
 * open slots read → none: "noSlot"; else the offer DM → sent: wait for the pick → a pick: book it
 * (taken meanwhile: read slots again with `takenMessage`) → booked: the confirmation DM → "booked".
 * A reply that picks nothing re-offers fresh slots while retries remain, then "noSlot"; no reply in time: "timeout".
 */
export function resumeBooking(
  node: BookNode,
  awaiting: Awaiting,
  input: Exclude<AdvanceInput, { type: 'start' } | { type: 'retryFrom' }>,
  ctx: { contact: RunContact; finish: (output: unknown) => void; render: (t: string) => string },
): BookResumed {
  const c = node.config;
  const attempt = awaiting.attempt ?? 1;
  const activity = awaiting.activity;
  if (awaiting.on === 'activity') {
    if (input.type !== 'activityResult') return { ignored: true };
    if (!input.ok) return { failed: input.error };
    if (activity?.type === 'bookingSlots') {
      const out = bookingSlotsOutput.safeParse(input.output);
      if (!out.success) return { failed: 'The open slots could not be read' };
      const { slots, quickReplies, timeZone } = out.data;
      ctx.finish({ offered: slots.map((s) => s.startsAt), timeZone });
      if (slots.length === 0) return { next: node.next.noSlot ?? null };
      const text = offerText(node, activity.note, slots, quickReplies, ctx.render);
      const offer: Activity = { type: 'replyDm', text, ...(quickReplies ? { quickReplies: slots.map((s) => s.label) } : {}) };
      return { park: { on: 'activity', activity: offer, attempt, slots } };
    }
    if (activity?.type === 'bookSlot') {
      const out = bookSlotOutput.safeParse(input.output);
      if (!out.success) return { failed: 'The booking could not be read' };
      if (!out.data.booked) {
        ctx.finish({ booked: false, startsAt: activity.startsAt, reason: 'taken' });
        return { park: { on: 'activity', activity: slotsActivity(node, 'taken'), attempt } };
      }
      const b = out.data;
      ctx.finish({ booked: true, bookingId: b.bookingId, startsAt: activity.startsAt });
      const text = ctx
        .render(c.confirmation)
        .replace(/\{\s*booking_time\s*\}/gi, b.label)
        .replace(/\{\s*booking_zone\s*\}/gi, b.timeZone.replace(/_/g, ' '))
        .replace(/\{\s*booking_link\s*\}/gi, b.icsUrl ?? '')
        .trim();
      return { park: { on: 'activity', activity: { type: 'replyDm', text }, attempt } };
    }
    if (activity?.type === 'replyDm') {
      ctx.finish(input.output);
      // The offer went out: wait for the pick. The confirmation went out: booked.
      if (awaiting.slots) return { park: { on: 'reply', timeoutMs: durationMs(c.timeout), attempt, slots: awaiting.slots } };
      return { next: node.next.booked ?? null };
    }
    return { ignored: true };
  }
  const reply = awaitedReply(awaiting, input, ctx, node.next.timeout);
  if ('noReply' in reply) return reply.noReply;
  const slot = pickSlot(awaiting.slots ?? [], reply.text);
  if (!slot) {
    ctx.finish({ answer: reply.text.slice(0, 500), picked: null, attempt });
    if (attempt <= c.retries) return { park: { on: 'activity', activity: slotsActivity(node, 'retry'), attempt: attempt + 1 } };
    return { next: node.next.noSlot ?? null };
  }
  ctx.finish({ answer: reply.text.slice(0, 500), picked: slot.startsAt, attempt });
  return { park: { on: 'activity', activity: { type: 'bookSlot', startsAt: slot.startsAt, endsAt: slot.endsAt }, attempt } };
}
