import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunks, defaultAnswer, PING_PROMPT, readJson, replyText, sleep, type ScriptedReply } from './ai-fake-script';

/**
 * Contract fake of an OpenAI-compatible server (Ollama, vLLM, LM Studio) in OpenAI's wire format:
 * `POST /v1/chat/completions` with `messages`, `response_format`, `stream`; a `chat.completion`
 * object, or with `stream: true` `chat.completion.chunk` events (`delta.content`), a usage chunk
 * when `stream_options.include_usage`, then `data: [DONE]`. `Authorization: Bearer` is checked
 * when the fake has a key. Errors as `{"error":{"message","type","code"}}`. Scripted replies,
 * latency, recorded requests and the status ping (`pingReply`, never the script) as in gemini.fake.ts.
 * Test infrastructure only: it lives under tests/ and no production default points at it.
 */
export interface OpenAiRequest {
  stream: boolean;
  authorization: string | null;
  body: Record<string, unknown>;
  system: string;
  userText: string;
  /** The badge's status ping (answered from `pingReply`, not the script). */
  ping: boolean;
}

export interface OpenAiCompatibleFake {
  url: string;
  env: Record<string, string>;
  requests: OpenAiRequest[];
  script: ScriptedReply[];
  fallback: ScriptedReply;
  /** What the status ping gets; `latencyMs` applies to it too. */
  pingReply: ScriptedReply;
  latencyMs: number;
  close(): Promise<void>;
}

const errorType: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'invalid_request_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_exceeded',
  500: 'server_error',
  503: 'server_error',
};

function sendError(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: errorType[status] ?? 'server_error', code: status === 429 ? 'rate_limit_exceeded' : null } }));
}

export async function startOpenAiCompatibleFake(opts: { apiKey?: string; model?: string } = {}): Promise<OpenAiCompatibleFake> {
  const model = opts.model ?? 'local-model';
  const fake: Omit<OpenAiCompatibleFake, 'url' | 'env' | 'close'> = {
    requests: [],
    script: [],
    fallback: { json: defaultAnswer },
    pingReply: { text: 'ok' },
    latencyMs: 0,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') return sendError(res, 404, `Unknown path ${url.pathname}`);
      const body = await readJson(req);
      const messages = (body.messages as { role: string; content: unknown }[] | undefined) ?? [];
      const text = (c: unknown) => (typeof c === 'string' ? c : Array.isArray(c) ? c.map((p: { text?: string }) => p.text ?? '').join('') : '');
      const authorization = typeof req.headers.authorization === 'string' ? req.headers.authorization : null;
      const stream = body.stream === true;
      const system = messages
        .filter((m) => m.role === 'system')
        .map((m) => text(m.content))
        .join('\n');
      const userText = text(messages.filter((m) => m.role === 'user').at(-1)?.content);
      const ping = !stream && !system && messages.length === 1 && userText === PING_PROMPT && body.response_format === undefined;
      fake.requests.push({ stream, authorization, body, system, userText, ping });
      if (opts.apiKey && authorization !== `Bearer ${opts.apiKey}`) return sendError(res, 401, 'Incorrect API key provided.');

      const reply = ping ? fake.pingReply : (fake.script.shift() ?? fake.fallback);
      if ('hang' in reply) return;
      await sleep(fake.latencyMs + (reply.delayMs ?? 0));
      if ('error' in reply) return sendError(res, reply.error, reply.message ?? `Scripted error ${reply.error}`);
      const content = replyText(reply);
      const usage = { prompt_tokens: Math.ceil(JSON.stringify(messages).length / 4), completion_tokens: Math.ceil(content.length / 4) };
      const base = { id: `chatcmpl-${fake.requests.length}`, created: Math.floor(Date.now() / 1000), model };
      if (!stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            ...base,
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const event = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(event({ role: 'assistant', content: '' }, null));
      for (const piece of chunks(content)) {
        res.write(event({ content: piece }, null));
        await sleep(2);
      }
      res.write(event({}, 'stop'));
      if ((body.stream_options as { include_usage?: boolean } | undefined)?.include_usage) {
        res.write(
          `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } })}\n\n`,
        );
      }
      res.end('data: [DONE]\n\n');
    })().catch((err: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    env: { AI_BASE_URL: `${url}/v1`, AI_MODEL: model, ...(opts.apiKey ? { AI_API_KEY: opts.apiKey } : {}) },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
