import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, throttledErrorLog } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it('recognises refused connections, shutdowns and exhausted connections, through wrappers', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('terminating'), { code: '57P01' }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('too many'), { code: '53300' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    // The embedded server's Unix socket while it is down: no socket file.
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ENOENT /d/socket/.s.PGSQL.5432'), { code: 'ENOENT', syscall: 'connect' }))).toBe(true);
  });

  it('does not call bugs or bad data an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('throttledErrorLog', () => {
  it('reports the first error, suppresses repeats within the window, and says when it recovered', () => {
    const lines: string[] = [];
    const log = throttledErrorLog({ error: (_o, m) => lines.push(m), info: (m) => lines.push(m) }, 'timer pump failed', 60_000);
    for (let i = 0; i < 40; i++) log.error(new Error('down'));
    log.ok();
    log.ok();
    log.error(new Error('down again'));
    expect(lines).toEqual(['timer pump failed', 'timer pump failed: recovered', 'timer pump failed']);
  });
});
