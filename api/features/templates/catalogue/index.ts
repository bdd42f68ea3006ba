import { aiTemplates } from './ai-templates';
import { bookingTemplates } from './booking-templates';
import { engagementTemplates } from './engagement-templates';
import { followTemplates } from './follow-templates';
import { nurtureTemplates } from './nurture-templates';
import { questionTemplates } from './question-templates';
import { salesTemplates } from './sales-templates';
import { sequenceTemplates } from './sequence-templates';
import { specTemplates } from './spec-templates';
import type { TemplateDefinition } from './build';

/** Every built-in template, in the order the Templates page lists them. */
export const builtInTemplates: readonly TemplateDefinition[] = [
  ...specTemplates,
  ...aiTemplates,
  ...salesTemplates,
  ...engagementTemplates,
  ...nurtureTemplates,
  ...questionTemplates,
  ...followTemplates,
  ...sequenceTemplates,
  ...bookingTemplates,
];

export function findBuiltInTemplate(id: string): TemplateDefinition | undefined {
  return builtInTemplates.find((t) => t.id === id);
}

export type { TemplateDefinition } from './build';
