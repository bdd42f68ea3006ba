import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KbChatResponse } from '@contracts/ai';
import { AiAnswerError, AiStreamEndedError, streamKbChat } from './ai.api';

const answer: KbChatResponse = {
  conversationId: '0b5c5f8e-6c1e-4c1e-9a51-1f7d3c1b2a10',
  messageId: 'm1',
  response: 'Shipping takes 3 days.',
  mode: 'model',
  confidence: 0.9,
  matchScore: 0.9,
  funnelStage: 'diagnose',
  relatedOffers: [],
  suggestedActions: [],
  sources: [],
  userRole: 'pro',
  isAuthenticated: true,
  fallback: false,
  usage: { messagesUsed: 3, messageLimit: 100 },
};

function respondWith(chunks: string[], status = 200) {
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes.encode(chunk));
      controller.close();
    },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(body, { status }))),
  );
}

const sse = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

afterEach(() => vi.unstubAllGlobals());

describe('streamKbChat', () => {
  it('hands over tokens as they come and resolves with the done answer', async () => {
    const all = sse({ type: 'token', text: 'Shipping ' }) + sse({ type: 'token', text: 'takes 3 days.' }) + sse({ type: 'done', answer });
    respondWith([all.slice(0, 17), all.slice(17, 60), all.slice(60)]);
    const tokens: string[] = [];
    await expect(streamKbChat({ message: 'shipping?', platform: 'general' }, (t) => tokens.push(t))).resolves.toEqual(answer);
    expect(tokens.join('')).toBe('Shipping takes 3 days.');
  });

  it('rejects with the error event', async () => {
    respondWith([sse({ type: 'token', text: 'Ship' }), sse({ type: 'error', error: 'AI_UNAVAILABLE', message: 'Model timed out' })]);
    await expect(streamKbChat({ message: 'x', platform: 'general' }, () => undefined)).rejects.toEqual(new AiAnswerError('AI_UNAVAILABLE', 'Model timed out'));
  });

  it('rejects when the stream ends before done', async () => {
    respondWith([sse({ type: 'token', text: 'Ship' })]);
    await expect(streamKbChat({ message: 'x', platform: 'general' }, () => undefined)).rejects.toBeInstanceOf(AiStreamEndedError);
  });

  it('rejects a malformed event instead of trusting it', async () => {
    respondWith([sse({ type: 'done', answer: { response: 'no ids' } })]);
    await expect(streamKbChat({ message: 'x', platform: 'general' }, () => undefined)).rejects.toThrow();
  });
});
