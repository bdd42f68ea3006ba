import { describe, expect, it } from 'vitest';
import type { AiStatus } from '@contracts/ai';
import { ApiError } from '../../lib/api';
import { AiAnswerError } from './ai.api';
import { aiStatusView, describeAiFailure, formatMatchScore, formatUsdCents, usageView } from './ai.format';

const status = (over: Partial<AiStatus>): AiStatus => ({
  provider: null,
  model: null,
  reachable: null,
  latencyMs: null,
  error: null,
  checkedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('answer figures', () => {
  it('shows cents as USD and the match score as a labelled score from 0 to 1, never a percentage', () => {
    expect(formatUsdCents(4900)).toBe('$49.00');
    expect(formatUsdCents(123456)).toBe('$1,234.56');
    expect(formatMatchScore(0.874)).toBe('match score 0.87');
    expect(formatMatchScore(1.2)).toBe('match score 1.00');
  });

  it('reports usage as used of limit, with the meter capped at 100 %', () => {
    expect(usageView({ messagesUsed: 12, messageLimit: 100 })).toEqual({ text: '12 of 100 messages used', percent: 12 });
    expect(usageView({ messagesUsed: 1500, messageLimit: 1000 }).percent).toBe(100);
    expect(usageView({ messagesUsed: 0, messageLimit: 0 }).percent).toBe(100);
  });
});

describe('assistant badge follows the server state, never a fixed "Live"', () => {
  it('says Live only for a reachable provider', () => {
    expect(aiStatusView(status({ provider: 'gemini', model: 'gemini-2.5-flash', reachable: true }), false)).toMatchObject({
      label: 'Live · Gemini',
      tone: 'success',
    });
    expect(aiStatusView(status({ provider: 'gemini', reachable: false, error: 'API key rejected' }), false)).toMatchObject({
      label: 'Unavailable',
      credit: expect.stringContaining('API key rejected'),
    });
  });

  it('says knowledge base only without a provider, and unavailable when the check fails', () => {
    expect(aiStatusView(status({}), false).label).toBe('Knowledge base only');
    expect(aiStatusView(undefined, true).label).toBe('Unavailable');
    expect(aiStatusView(undefined, false).label).toBe('Checking…');
  });
});

describe('failures map to the error catalogue', () => {
  it('a reply carrying an error is AI Service Unavailable with its details', () => {
    expect(describeAiFailure(new AiAnswerError('AI_UNAVAILABLE', 'The model timed out'), 'x')).toEqual({
      title: 'AI Service Unavailable',
      description: 'The model timed out',
      answered: true,
    });
    expect(describeAiFailure(new ApiError(503, 'Service Unavailable', ''), 'x').description).toBe('AI service requires configuration');
    expect(describeAiFailure(new ApiError(429, 'Too Many Requests', '{"error":"LIMIT","message":"Monthly limit reached"}'), 'x').description).toBe(
      'Monthly limit reached',
    );
  });

  it("the server's own Connection Issue (model timed out) keeps that headline and its reason", () => {
    expect(describeAiFailure(new AiAnswerError('Connection Issue', 'The AI provider did not answer within 3 s'), 'x')).toEqual({
      title: 'Connection Issue',
      description: 'The AI provider did not answer within 3 s',
      answered: true,
    });
    const body = '{"error":"Connection Issue","code":"UPSTREAM_TIMEOUT","details":"The AI provider did not answer within 3 s"}';
    expect(describeAiFailure(new ApiError(504, 'Gateway Timeout', body), 'x')).toEqual({
      title: 'Connection Issue',
      description: 'The AI provider did not answer within 3 s',
      answered: true,
    });
    const unavailable = '{"error":"AI Service Unavailable","code":"UNAVAILABLE","details":"The AI provider is unavailable (HTTP 503): down"}';
    expect(describeAiFailure(new ApiError(503, 'Service Unavailable', unavailable), 'x').description).toBe('The AI provider is unavailable (HTTP 503): down');
  });

  it('no reply at all is a Connection Issue', () => {
    expect(describeAiFailure(new TypeError('Failed to fetch'), 'Please try again.')).toEqual({
      title: 'Connection Issue',
      description: 'Please try again.',
      answered: false,
    });
  });
});
