import type pg from 'pg';
import { profileQuestionIds } from '../../../contracts/knowledge';
import type { OnboardingAnswers } from '../../../contracts/onboarding';
import { templatePlatforms, type TemplatePlatform } from '../../../contracts/templates';
import { upsertProfileAnswer } from '../../../db/knowledge/write-entries';
import { markOnboardingComplete } from '../../../db/onboarding/onboarding-progress';
import { saveWorkspacePersona } from '../../../db/onboarding/workspace-persona';
import { withTransaction } from '../../../db/transaction';
import { AppError } from '../../http/errors';
import { findBuiltInTemplate } from '../templates/catalogue';
import { createFlowFromTemplate } from '../templates/template-activation';

/**
 * Launch (docs/product-spec.md §2 Review Summary): in ONE transaction the knowledge-base answers,
 * the persona (business name, tone), the chosen template's draft flow and the completed state. The
 * persona is written before the flow so the flow's messages use this business name and tone. Any
 * failure rolls all of it back, so a retry starts clean and never leaves a second half-made flow.
 */
export async function completeOnboarding(pool: pg.Pool, user: { id: string; workspaceId: string }, answers: OnboardingAnswers): Promise<{ flowId: string }> {
  const template = findBuiltInTemplate(answers.flowTemplate);
  if (!template) throw new AppError('BAD_REQUEST', 'Choose one of the flow templates', [{ path: 'flowTemplate', message: 'Unknown template' }]);
  // Build the flow for the platform they connected, when the template runs there.
  const connected = templatePlatforms.find((p) => p === answers.connectedPlatform);
  const platform: TemplatePlatform | undefined = connected && template.platforms.includes(connected) ? connected : undefined;
  return withTransaction(pool, async (client) => {
    for (const questionId of profileQuestionIds) {
      const answer = answers.kbAnswers[questionId]?.trim();
      if (answer) await upsertProfileAnswer(client, user.workspaceId, questionId, answer, 'onboarding');
    }
    await saveWorkspacePersona(client, user.workspaceId, answers.businessName || answers.scannedData?.businessName || '', answers.tone);
    const created = await createFlowFromTemplate(client, user.workspaceId, template.id, platform);
    if (typeof created === 'string') throw new AppError('BAD_REQUEST', 'Choose one of the flow templates');
    await markOnboardingComplete(client, user, answers);
    return created;
  });
}
