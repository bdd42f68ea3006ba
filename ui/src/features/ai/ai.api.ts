import type { AiStatus, KbChatRequest, KbChatResponse, SuggestReplyResponse, SupportChatResponse } from '@contracts/ai';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { createSseDecoder } from './kb-chat.sse';
import { aiStatusSchema, kbChatResponseSchema, kbChatStreamEventSchema, suggestReplyResponseSchema, supportChatResponseSchema } from './kb-chat.schema';

/** The stream's `error` event: the server answered, with a §8 code and message. */
export class AiAnswerError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'AiAnswerError';
    this.code = code;
  }
}

/** The stream stopped before its `done` event (connection dropped, proxy cut it off). */
export class AiStreamEndedError extends Error {
  constructor() {
    super('The answer stopped before it was complete');
    this.name = 'AiStreamEndedError';
  }
}

export type KbChatBody = Pick<KbChatRequest, 'message' | 'platform'> & { conversationId?: string };

/** POST /api/kb/chat/stream: calls onToken with each piece of text, resolves with the whole answer. */
export async function streamKbChat(body: KbChatBody, onToken: (text: string) => void, signal?: AbortSignal): Promise<KbChatResponse> {
  const res = await fetch('/api/kb/chat/stream', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  if (!res.body) throw new AiStreamEndedError();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const decoder = createSseDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      for (const data of done ? decoder.flush() : decoder.push(value)) {
        const event = kbChatStreamEventSchema.parse(JSON.parse(data));
        if (event.type === 'token') onToken(event.text);
        else if (event.type === 'done') return event.answer;
        else throw new AiAnswerError(event.error, event.message);
      }
      if (done) throw new AiStreamEndedError();
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** POST /api/kb/chat: the same answer in one piece (the dashboard panel). */
export const postKbChat = async (body: KbChatBody) => kbChatResponseSchema.parse(await apiPost<unknown>('/api/kb/chat', body));

export type FeedbackRating = 'thumbs_up' | 'thumbs_down';

export const postFeedback = (body: { conversationId: string; messageId: string; rating: FeedbackRating }) => apiPost<unknown>('/api/chatbot/feedback', body);

export const fetchAiStatus = async (): Promise<AiStatus> => aiStatusSchema.parse(await apiGet<unknown>('/api/ai/gemini/test'));

/** POST /api/chat/gemini (the support widget), given up on after timeoutMs. */
export async function postSupportChat(message: string, timeoutMs: number): Promise<SupportChatResponse> {
  const signal = AbortSignal.timeout(timeoutMs);
  const res = await fetch('/api/chat/gemini', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ message }),
    signal,
  });
  if (!res.ok) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  return supportChatResponseSchema.parse(await res.json());
}

export const postSuggestReply = async (conversationId: string): Promise<SuggestReplyResponse> =>
  suggestReplyResponseSchema.parse(await apiPost<unknown>(`/api/inbox/conversations/${encodeURIComponent(conversationId)}/suggest-reply`));
