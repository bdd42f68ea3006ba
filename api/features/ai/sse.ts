import type { Response } from 'express';
import type { KbChatStreamEvent } from '../../../contracts/ai';

/**
 * Starts a Server-Sent Events answer (contracts/ai.ts KbChatStreamEvent): one JSON object per
 * `data:` line. `X-Accel-Buffering: no` keeps nginx (deploy/nginx.conf) from holding tokens back.
 */
export function startEventStream(res: Response) {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  return {
    send(event: KbChatStreamEvent) {
      if (!res.writableEnded && !res.destroyed) res.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!res.writableEnded && !res.destroyed) res.end();
    },
  };
}
