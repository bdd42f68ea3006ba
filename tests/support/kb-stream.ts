import type { KbChatStreamEvent } from '../../contracts/ai';
import type { HttpClient } from './http-client';

/** Reads POST /api/kb/chat/stream as a browser's EventSource-style reader would: events in arrival order, with when each came. */
export async function readKbStream(
  client: HttpClient,
  body: unknown,
): Promise<{ status: number; contentType: string | null; events: KbChatStreamEvent[]; arrivals: number[] }> {
  const res = await fetch(`${client.baseUrl}/api/kb/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookieHeader },
    body: JSON.stringify(body),
  });
  const events: KbChatStreamEvent[] = [];
  const arrivals: number[] = [];
  if (!res.body) return { status: res.status, contentType: res.headers.get('content-type'), events, arrivals };
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const raw = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = raw
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (data) {
        events.push(JSON.parse(data) as KbChatStreamEvent);
        arrivals.push(performance.now());
      }
    }
  }
  return { status: res.status, contentType: res.headers.get('content-type'), events, arrivals };
}
