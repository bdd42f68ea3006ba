import { describe, expect, it } from 'vitest';
import { backoffDelay, liveSocketUrl, parseLiveFrame } from './live-socket';

describe('backoffDelay', () => {
  it('doubles with jitter between half and the full ceiling, capped at 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
  });
});

describe('liveSocketUrl', () => {
  it('uses wss on https and the page host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'app.example.com' })).toBe('wss://app.example.com/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:3100' })).toBe('ws://localhost:3100/ws');
  });
});

describe('parseLiveFrame', () => {
  it('reads typed JSON frames and ignores anything else', () => {
    expect(parseLiveFrame('{"type":"hello","authenticated":true}')).toEqual({ type: 'hello', authenticated: true });
    expect(parseLiveFrame('pong')).toBeNull();
    expect(parseLiveFrame('{"no":"type"}')).toBeNull();
    expect(parseLiveFrame(42)).toBeNull();
  });
});
