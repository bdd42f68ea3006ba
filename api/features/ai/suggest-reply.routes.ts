import type { SuggestReplyResponse } from '../../../contracts/ai';
import { lastInboundMessage } from '../../../db/ai/last-inbound-message';
import { answerSource } from '../../../integrations/ai/knowledge-only-answer';
import { AppError } from '../../http/errors';
import { authedRouter, currentUser, idParam } from '../../http/routers';
import { answerQuestion, type AiDeps } from './ai-answer.service';

/**
 * POST /api/inbox/conversations/:id/suggest-reply, mounted at /api/inbox/conversations (signed in):
 * a draft answer to the contact's last message for the reply box, from public entries only (it is
 * meant for the contact, ADR 0037). Never sends anything. Without a model the draft is the passage
 * of the best matching entry that answers, for the person to edit.
 */
export function suggestReplyRoutes(deps: AiDeps) {
  const router = authedRouter('inbox:write');
  router.post('/:id/suggest-reply', async (req, res) => {
    const user = currentUser(req);
    const last = await lastInboundMessage(deps.pool, user.workspaceId, idParam(req));
    if (last === 'not_found') throw new AppError('NOT_FOUND', 'Conversation not found');
    if (last === 'no_message') throw new AppError('BAD_REQUEST', 'This conversation has no message from the contact to reply to yet');
    const a = await answerQuestion(deps, {
      user,
      question: last.text,
      purpose: 'suggestReply',
      withoutModel: (hits) => {
        // The passage of the best public entry that answers (ADR 0037), for the person to edit.
        const best = hits[0];
        return {
          response: best ? best.passage : '',
          mode: best ? 'knowledge_base' : 'none',
          confidence: best ? best.score : 0,
          funnelStage: 'hook',
          relatedOffers: [],
          suggestedActions: [],
          sources: best ? [answerSource(best)] : [],
        };
      },
    });
    const out: SuggestReplyResponse = { draft: a.response, mode: a.mode, confidence: a.confidence, sources: a.sources };
    res.json(out);
  });
  return router;
}
