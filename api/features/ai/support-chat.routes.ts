import type { Request, Response } from 'express';
import { accessLevelFor, aiAllowances, feedbackRequestSchema, supportChatRequestSchema, type SupportChatResponse } from '../../../contracts/ai';
import type { AiConfig } from '../../../config/config';
import { saveFeedback } from '../../../db/ai/save-feedback';
import { createAiStatusProbe } from '../../../integrations/ai/ai-status';
import { knowledgeOnlyAnswer } from '../../../integrations/ai/knowledge-only-answer';
import { generateModelAnswer } from '../../../integrations/ai/model-answer';
import { productFacts } from '../../../integrations/ai/product-facts';
import { publicRouter } from '../../http/routers';
import { parseBody } from '../../http/validate';
import type { AiDeps } from './ai-answer.service';
import { asAppError } from './ai-errors';
import { aiRateLimits } from './ai-rate-limit';

/**
 * The support widget (anonymous allowed) and the assistant's public endpoints: POST
 * /api/chat/gemini and /api/chat (questions about Replypilot itself, answered from the committed
 * product facts), POST /api/chatbot/feedback, GET /api/ai/gemini/test.
 */
/** The answer to a question no product fact matches. */
export const NO_MATCHING_FACT =
  "I don't have an answer to that in what I know about Replypilot. The Help Center (/help) and the docs (/docs/getting-started) cover setup, " +
  'connecting accounts, flows and the AI assistant; to reach the people who run this instance, use the contact page (/contact).';

export function supportChatRoutes(deps: AiDeps, limits: AiConfig) {
  const router = publicRouter();
  const limited = aiRateLimits(deps.pool, limits);
  const probe = createAiStatusProbe(deps.ai);

  /**
   * A model answer from the product facts when a provider is set and the level gets model answers;
   * otherwise the matching facts quoted; no fact matches → where to look and whom to ask (200, mode
   * 'none'; docs/product-spec.md lists this difference). A failed model call is still 503, so the widget
   * shows its local replies (§4).
   */
  const support = async (req: Request, res: Response) => {
    const body = parseBody(supportChatRequestSchema, req);
    const level = accessLevelFor(req.user?.subscriptionTier, Boolean(req.user));
    if (deps.ai && aiAllowances[level].modelAnswers) {
      try {
        const r = await generateModelAnswer(deps.ai, { purpose: 'support', question: body.message, hits: productFacts(body.message, { all: true }) });
        const out: SupportChatResponse = { response: r.answer.answer, mode: 'model' };
        return res.json(out);
      } catch (err) {
        throw asAppError(err);
      }
    }
    const kb = knowledgeOnlyAnswer(productFacts(body.message, { limit: 2 }));
    // No fact matches: a helpful 200, not a 503 that monitors read as an outage.
    const out: SupportChatResponse = kb.mode === 'none' ? { response: NO_MATCHING_FACT, mode: 'none' } : { response: kb.response, mode: kb.mode };
    return res.json(out);
  };
  router.post('/api/chat/gemini', ...limited, support);
  router.post('/api/chat', ...limited, support);

  router.post('/api/chatbot/feedback', ...limited, async (req, res) => {
    const body = parseBody(feedbackRequestSchema, req);
    const id = await saveFeedback(deps.pool, { workspaceId: req.user?.workspaceId ?? null, userId: req.user?.id ?? null, ...body });
    res.status(201).json({ id });
  });

  router.get('/api/ai/gemini/test', async (_req, res) => {
    res.json(await probe.status());
  });

  return router;
}
