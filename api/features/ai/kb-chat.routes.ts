import { kbChatRequestSchema, smartKbQuerySchema, type SmartKbQueryResponse } from '../../../contracts/ai';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser } from '../../http/routers';
import { parseBody } from '../../http/validate';
import { answerQuestion, type AiDeps } from './ai-answer.service';
import { startEventStream } from './sse';

/**
 * The AI Assistant page and the dashboard panel, mounted at /api/kb (signed in). The per-user rate
 * limit (AI_USER_PER_MINUTE) is counted by answerQuestion, in the same statement as the allowance.
 */
export function kbChatRoutes(deps: AiDeps) {
  const router = authedRouter('ai:ask');

  router.post('/chat', async (req, res) => {
    const body = parseBody(kbChatRequestSchema, req);
    res.json(
      await answerQuestion(deps, {
        user: currentUser(req),
        question: body.message,
        purpose: 'assistant',
        platform: body.platform,
        ...(body.conversationId ? { conversationId: body.conversationId } : {}),
      }),
    );
  });

  // Validation and rate limits answer as JSON before the stream starts; after, failures are `error` events.
  router.post('/chat/stream', async (req, res) => {
    const user = currentUser(req);
    const body = parseBody(kbChatRequestSchema, req);
    // Set by onReady (a callback, so held in an object TypeScript does not narrow away).
    const open: { stream: ReturnType<typeof startEventStream> | null } = { stream: null };
    // A client that goes away (tab closed, stop) cancels the model call instead of paying for its answer.
    const disconnected = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) disconnected.abort(new Error('The client disconnected'));
    });
    try {
      const answer = await answerQuestion(deps, {
        user,
        question: body.message,
        purpose: 'assistant',
        platform: body.platform,
        ...(body.conversationId ? { conversationId: body.conversationId } : {}),
        onReady: () => (open.stream = startEventStream(res)),
        onToken: (text) => open.stream?.send({ type: 'token', text }),
        cancel: disconnected.signal,
      });
      open.stream?.send({ type: 'done', answer });
    } catch (err) {
      const stream = open.stream;
      if (!stream) throw err; // before the stream: a plain JSON error (429)
      if (disconnected.signal.aborted) return; // nobody left to tell
      if (err instanceof AppError) {
        stream.send({ type: 'error', error: err.message, message: typeof err.details === 'string' ? err.details : err.message });
      } else {
        deps.log.error({ err }, 'kb chat stream failed');
        stream.send({ type: 'error', error: 'AI Service Unavailable', message: 'Something went wrong on our side. Please try again.' });
      }
    }
    open.stream?.end();
  });

  return router;
}

/** POST /api/smartkb/query (docs/product-spec.md §7), mounted at /api/smartkb (signed in). */
export function smartKbRoutes(deps: AiDeps) {
  const router = authedRouter('ai:ask');
  router.post('/query', async (req, res) => {
    const body = parseBody(smartKbQuerySchema, req);
    const a = await answerQuestion(deps, { user: currentUser(req), question: body.query, purpose: 'assistant' });
    const out: SmartKbQueryResponse = { answer: a.response, mode: a.mode, confidence: a.confidence, sources: a.sources };
    res.json(out);
  });
  return router;
}
