import type { AdvanceInput, Awaiting } from '../contracts/run-state';
import type { RunContact } from './advance';

/** What a step waiting for a reply does when the wait ends without one: leave by its timeout branch, or ignore the input. */
export type NoReply = { next: string | null } | { ignored: true };

/**
 * The wait every asking step shares (Ask a question, Follow gate, Book a time): not waiting for a
 * reply, or not a reply → ignored; the wait timed out → recorded and out by the node's timeout
 * branch; a reply → its text (also the contact's last message, for later steps' templates).
 */
export function awaitedReply(
  awaiting: Awaiting,
  input: Exclude<AdvanceInput, { type: 'start' } | { type: 'retryFrom' }>,
  ctx: { contact: RunContact; finish: (output: unknown) => void },
  timeoutNext: string | null | undefined,
): { text: string } | { noReply: NoReply } {
  if (awaiting.on !== 'reply') return { noReply: { ignored: true } };
  if (input.type === 'replyTimeout') {
    ctx.finish({ timedOut: true, attempt: awaiting.attempt ?? 1 });
    return { noReply: { next: timeoutNext ?? null } };
  }
  if (input.type !== 'reply') return { noReply: { ignored: true } };
  ctx.contact.lastMessage = input.text;
  return { text: input.text };
}
