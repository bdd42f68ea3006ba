import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionId } from './cell-front';

const SECRET = 'a-session-secret-for-this-test-0123456789';
/** express-session's cookie: `s:` + id + `.` + base64 HMAC-SHA256 without padding, URI-encoded. */
const cookie = (id: string, secret = SECRET) =>
  `rp.sid=${encodeURIComponent(`s:${id}.${createHmac('sha256', secret).update(id).digest('base64').replace(/=+$/, '')}`)}`;

describe('sessionId (the cell front reads which session a request carries)', () => {
  it('reads a signed session id among other cookies', () => {
    expect(sessionId(`theme=dark; ${cookie('abc-123')}; other=1`, SECRET)).toBe('abc-123');
  });
  it('refuses a cookie signed with another secret, a changed id, an unsigned or absent one', () => {
    expect(sessionId(cookie('abc-123', 'another-secret-entirely-0123456789'), SECRET)).toBeNull();
    expect(sessionId(cookie('abc-123').replace('abc-123', 'abc-124'), SECRET)).toBeNull();
    expect(sessionId('rp.sid=abc-123', SECRET)).toBeNull();
    expect(sessionId('rp.sid=%E0%A4%A', SECRET)).toBeNull();
    expect(sessionId(undefined, SECRET)).toBeNull();
    expect(sessionId('other=1', SECRET)).toBeNull();
  });
});
