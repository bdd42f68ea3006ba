import { useEffect, useMemo, useRef, useState } from 'react';
import { TYPING_SHOWN_MS, TYPING_THROTTLE_MS, type TypingMode, type TypingNotice } from '@contracts/ws';
import { liveSocket } from '../../../lib/live-socket';

export interface TypingNotifier {
  /** A key was pressed in the composer: tells teammates, at most once per TYPING_THROTTLE_MS. */
  typed(): void;
  /** Sent, cleared or left: hides the line on teammates' screens now, not in six seconds. */
  stopped(): void;
}

/**
 * "Someone else is replying" (contracts/ws.ts), the typist's side: notices over the tab's /ws
 * socket, never queued (a notice that cannot go now is worthless later). Switching thread or mode,
 * or leaving, says stopped.
 */
export function useTypingNotifier(conversationId: string, mode: TypingMode): TypingNotifier {
  const lastSent = useRef(0);
  const notifier = useMemo<TypingNotifier>(
    () => ({
      typed() {
        const now = Date.now();
        if (now - lastSent.current < TYPING_THROTTLE_MS) return;
        if (liveSocket.send({ type: 'typing', conversationId, mode, active: true })) lastSent.current = now;
      },
      stopped() {
        if (lastSent.current === 0) return;
        const recent = Date.now() - lastSent.current < TYPING_SHOWN_MS;
        lastSent.current = 0;
        if (recent) liveSocket.send({ type: 'typing', conversationId, mode, active: false });
      },
    }),
    [conversationId, mode],
  );
  useEffect(() => () => notifier.stopped(), [notifier]);
  return notifier;
}

type Shown = TypingNotice & { until: number };

/**
 * Teammates typing in this thread now: each shown until TYPING_SHOWN_MS after their last notice,
 * or until they say they stopped. The server never sends a member their own notices.
 */
export function useTeammatesTyping(conversationId: string): TypingNotice[] {
  const [state, setState] = useState<{ conversationId: string; shown: Shown[] }>({ conversationId, shown: [] });
  useEffect(() => {
    const update = (change: (shown: Shown[]) => Shown[]) =>
      setState((s) => {
        const base = s.conversationId === conversationId ? s.shown : [];
        const next = change(base);
        return next === base && s.conversationId === conversationId ? s : { conversationId, shown: next };
      });
    const off = liveSocket.onTyping((notice) => {
      if (notice.conversationId !== conversationId) return;
      update((shown) => [...shown.filter((s) => s.userId !== notice.userId), ...(notice.active ? [{ ...notice, until: Date.now() + TYPING_SHOWN_MS }] : [])]);
    });
    const expiry = window.setInterval(() => {
      const now = Date.now();
      update((shown) => (shown.some((s) => s.until <= now) ? shown.filter((s) => s.until > now) : shown));
    }, 500);
    return () => {
      off();
      window.clearInterval(expiry);
    };
  }, [conversationId]);
  return state.conversationId === conversationId ? state.shown : [];
}

const names = (list: TypingNotice[]) =>
  list.length === 1 ? list[0]!.name : list.length === 2 ? `${list[0]!.name} and ${list[1]!.name}` : `${list[0]!.name} and ${list.length - 1} others`;

/** "Ada Lee is replying…", "Ada and Ben are writing a note…", both kinds joined by " · ". */
export function typingText(list: TypingNotice[]): string {
  const reply = list.filter((n) => n.mode === 'reply');
  const note = list.filter((n) => n.mode === 'note');
  return [
    reply.length ? `${names(reply)} ${reply.length === 1 ? 'is' : 'are'} replying…` : null,
    note.length ? `${names(note)} ${note.length === 1 ? 'is' : 'are'} writing a note…` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}
