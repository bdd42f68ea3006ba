import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunks, defaultAnswer, PING_PROMPT, readJson, replyText, sleep, type ScriptedReply } from './ai-fake-script';

/**
 * Contract fake of the Gemini API as docs/platform-apis.md §2.10 describes it:
 * `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse` (one
 * GenerateContentResponse per `data:` event), the key in `x-goog-api-key` (a wrong or missing key
 * answers 400 INVALID_ARGUMENT like Google does), `systemInstruction` / `contents` /
 * `generationConfig` in the body, `usageMetadata` in answers, and errors in Google's shape
 * `{"error":{"code","message","status"}}` (429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE…).
 * Replies are scripted (`script`, then `fallback`); `latencyMs` delays every answer. Records every request.
 * The status ping (PING_PROMPT, plain text, no system instruction or schema) is answered from
 * `pingReply` (default: the text `ok`) and never takes a scripted reply.
 * Test infrastructure only: it lives under tests/ and no production default points at it.
 */
export interface GeminiRequest {
  model: string;
  stream: boolean;
  apiKey: string | null;
  body: Record<string, unknown>;
  /** systemInstruction.parts[*].text joined. */
  system: string;
  /** The last user turn's text. */
  userText: string;
  /** The badge's status ping (answered from `pingReply`, not the script). */
  ping: boolean;
  /** The caller went away (aborted its request) before the answer was complete. */
  abandoned: boolean;
}

export interface GeminiFake {
  url: string;
  apiKey: string;
  /** Environment for startTestApp: Gemini pointed here. */
  env: Record<string, string>;
  requests: GeminiRequest[];
  /** Replies used in order, one per request; when empty, `fallback`. */
  script: ScriptedReply[];
  fallback: ScriptedReply;
  /** What the status ping gets; `latencyMs` applies to it too. */
  pingReply: ScriptedReply;
  latencyMs: number;
  close(): Promise<void>;
}

const googleStatus: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function sendError(res: ServerResponse, code: number, message: string) {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code, message, status: googleStatus[code] ?? 'UNKNOWN' } }));
}

function textOf(content: unknown): string {
  const parts = (content as { parts?: { text?: string }[] } | undefined)?.parts ?? [];
  return parts.map((p) => p.text ?? '').join('');
}

/** What a fake answers when a test has not scripted it: the state it starts in. */
const unscripted = (): Pick<GeminiFake, 'fallback' | 'pingReply' | 'latencyMs'> => ({
  fallback: { json: defaultAnswer },
  pingReply: { text: 'ok' },
  latencyMs: 0,
});

/**
 * Puts the fake back as it started: script and recorded requests emptied (in place, so references
 * stay valid), fallback, ping reply and latency restored. AI test fixtures call it before each test.
 */
export function resetGeminiFake(fake: GeminiFake): void {
  fake.script.length = 0;
  fake.requests.length = 0;
  Object.assign(fake, unscripted());
}

export async function startGeminiFake(opts: { apiKey?: string; model?: string } = {}): Promise<GeminiFake> {
  const apiKey = opts.apiKey ?? 'test-gemini-key';
  const fake: Omit<GeminiFake, 'url' | 'env' | 'close'> = { apiKey, requests: [], script: [], ...unscripted() };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const m = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
      if (req.method !== 'POST' || !m) return sendError(res, 404, `Method not found: ${req.method} ${url.pathname}`);
      const stream = m[2] === 'streamGenerateContent';
      if (stream && url.searchParams.get('alt') !== 'sse') return sendError(res, 400, 'This fake streams only with alt=sse');
      const body = await readJson(req);
      const key = typeof req.headers['x-goog-api-key'] === 'string' ? req.headers['x-goog-api-key'] : null;
      const contents = (body.contents as { role?: string; parts?: { text?: string }[] }[] | undefined) ?? [];
      const system = textOf(body.systemInstruction);
      const userText = textOf(contents.filter((c) => c.role === 'user').at(-1));
      const generationConfig = (body.generationConfig ?? {}) as Record<string, unknown>;
      const ping = !stream && !system && contents.length === 1 && userText === PING_PROMPT && !('responseSchema' in generationConfig);
      const request: GeminiRequest = { model: m[1]!, stream, apiKey: key, body, system, userText, ping, abandoned: false };
      fake.requests.push(request);
      res.on('close', () => {
        if (!res.writableEnded) request.abandoned = true;
      });
      if (key !== apiKey) return sendError(res, 400, 'API key not valid. Please pass a valid API key.');

      const reply = ping ? fake.pingReply : (fake.script.shift() ?? fake.fallback);
      if ('hang' in reply) return; // never answers; the client's deadline ends it
      await sleep(fake.latencyMs + (reply.delayMs ?? 0));
      if ('error' in reply) return sendError(res, reply.error, reply.message ?? `${googleStatus[reply.error] ?? 'error'} (scripted)`);

      const text = replyText(reply);
      const promptTokenCount = Math.ceil(JSON.stringify(body).length / 4);
      const candidatesTokenCount = Math.ceil(text.length / 4);
      const usageMetadata = { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount };
      const candidate = (t: string, finishReason?: string) => ({
        content: { role: 'model', parts: [{ text: t }] },
        index: 0,
        ...(finishReason ? { finishReason } : {}),
      });
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
        return res.end(
          JSON.stringify({ candidates: [candidate(text, 'STOP')], usageMetadata, modelVersion: m[1], responseId: `resp-${fake.requests.length}` }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pieces = chunks(text);
      for (const [i, piece] of pieces.entries()) {
        const last = i === pieces.length - 1;
        res.write(
          `data: ${JSON.stringify({ candidates: [candidate(piece, last ? 'STOP' : undefined)], ...(last ? { usageMetadata } : {}), modelVersion: m[1] })}\r\n\r\n`,
        );
        await sleep(2);
      }
      res.end();
    })().catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    env: { GEMINI_API_KEY: apiKey, GEMINI_BASE_URL: url, GEMINI_MODEL: opts.model ?? 'gemini-2.5-flash' },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
