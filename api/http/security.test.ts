import { describe, expect, it } from 'vitest';
import { servesHttps, sessionCookieSecure } from './security';

function warnings(config: { isProduction: boolean; publicUrl: string | undefined; trustProxy: number }) {
  const logged: string[] = [];
  const secure = sessionCookieSecure(config, { warn: (m) => logged.push(m) });
  return { secure, logged };
}

describe('the session cookie follows PUBLIC_URL, not NODE_ENV', () => {
  it('is Secure only when PUBLIC_URL is https', () => {
    expect(servesHttps('https://rp.example.com')).toBe(true);
    expect(servesHttps('http://localhost:8080')).toBe(false);
    expect(servesHttps(undefined)).toBe(false);
    expect(warnings({ isProduction: true, publicUrl: 'https://rp.example.com', trustProxy: 1 })).toEqual({ secure: true, logged: [] });
    expect(warnings({ isProduction: false, publicUrl: undefined, trustProxy: 0 })).toEqual({ secure: false, logged: [] });
  });

  it('production over plain http works but warns at boot', () => {
    const { secure, logged } = warnings({ isProduction: true, publicUrl: 'http://localhost:8080', trustProxy: 1 });
    expect(secure).toBe(false);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/PUBLIC_URL http:\/\/localhost:8080 is plain http/);
  });

  it('warns when https is promised but the proxy is not trusted (no request would look secure)', () => {
    const { secure, logged } = warnings({ isProduction: true, publicUrl: 'https://rp.example.com', trustProxy: 0 });
    expect(secure).toBe(true);
    expect(logged.join('\n')).toMatch(/TRUST_PROXY=0/);
  });
});
