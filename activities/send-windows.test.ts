import { describe, expect, it } from 'vitest';
import { checkSendWindow } from './send-windows';

const H = 3_600_000;

describe('Meta messaging windows', () => {
  it('lets an automated DM go only within 24 hours of the contact’s last message', () => {
    expect(checkSendWindow({ kind: 'dm', lastInboundAgeMs: 23 * H, commentAgeMs: null, byPerson: false })).toEqual({ ok: true, humanAgentTag: false });
    const late = checkSendWindow({ kind: 'dm', lastInboundAgeMs: 25 * H, commentAgeMs: null, byPerson: false });
    expect(late).toMatchObject({ ok: false });
    expect(late.ok === false && late.error).toContain('24-hour');
    expect(checkSendWindow({ kind: 'dm', lastInboundAgeMs: null, commentAgeMs: null, byPerson: false })).toMatchObject({ ok: false });
  });

  it('lets a person reply up to 7 days later with the HUMAN_AGENT tag', () => {
    expect(checkSendWindow({ kind: 'dm', lastInboundAgeMs: 3 * 24 * H, commentAgeMs: null, byPerson: true })).toEqual({ ok: true, humanAgentTag: true });
    expect(checkSendWindow({ kind: 'dm', lastInboundAgeMs: 8 * 24 * H, commentAgeMs: null, byPerson: true })).toMatchObject({ ok: false });
  });

  it('allows a private reply within 7 days of the comment only', () => {
    expect(checkSendWindow({ kind: 'private_reply', lastInboundAgeMs: null, commentAgeMs: 6 * 24 * H, byPerson: false })).toMatchObject({ ok: true });
    expect(checkSendWindow({ kind: 'private_reply', lastInboundAgeMs: null, commentAgeMs: 7 * 24 * H + 1, byPerson: false })).toMatchObject({ ok: false });
  });
});
