import { describe, expect, it } from 'vitest';
import { classifyGraphError } from './meta/classify-graph-error';
import { GraphApiError } from './meta/graph-client';
import { failureReason } from './failure-reason';

const graph = (code: number, subcode: number | null = null, httpStatus = 400) => {
  const f = classifyGraphError(new GraphApiError(httpStatus, code, subcode, `error ${code}`, null))!;
  return failureReason({ provider: 'meta', ...f });
};

describe('failureReason: Graph codes (platform-apis §2.7)', () => {
  it('maps window, permission, throttling, unavailable and token codes', () => {
    expect(graph(10, 2018278)).toBe('window_closed');
    expect(graph(10, 2018065)).toBe('window_closed');
    expect(graph(1545041)).toBe('window_closed');
    expect(graph(10)).toBe('permission_removed');
    expect(graph(200)).toBe('permission_removed');
    expect(graph(230)).toBe('permission_removed');
    for (const c of [4, 17, 32, 613, 80001, 80002, 80006]) expect(graph(c)).toBe('rate_limited');
    expect(graph(551)).toBe('recipient_unavailable');
    expect(graph(190)).toBe('account_disconnected');
    expect(graph(100)).toBe('rejected');
    expect(graph(368)).toBe('rejected');
    expect(graph(1, null, 500)).toBe('uncertain');
  });
  it('an uncertain send stays uncertain whatever its code', () => {
    expect(failureReason({ provider: 'meta', kind: 'uncertain', code: 10 })).toBe('uncertain');
  });
});

describe('failureReason: X statuses (platform-apis §4.3)', () => {
  it('maps 429, 401, 403 and 5xx', () => {
    expect(failureReason({ provider: 'x', kind: 'throttled', httpStatus: 429, code: 88 })).toBe('rate_limited');
    expect(failureReason({ provider: 'x', kind: 'token', httpStatus: 401 })).toBe('account_disconnected');
    expect(failureReason({ provider: 'x', kind: 'unreachable', httpStatus: 403 })).toBe('recipient_unavailable');
    expect(failureReason({ provider: 'x', kind: 'uncertain', httpStatus: 503 })).toBe('uncertain');
    expect(failureReason({ provider: 'x', kind: 'rejected', httpStatus: 400 })).toBe('rejected');
  });
  it('falls back on the neutral kind without codes', () => {
    expect(failureReason({ provider: 'sandbox', kind: 'window' })).toBe('window_closed');
    expect(failureReason({ provider: 'sandbox', kind: 'temporary' })).toBe('rate_limited');
  });
});
