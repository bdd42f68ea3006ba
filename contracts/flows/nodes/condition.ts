import { z } from 'zod';

/** condition: branch yes/no on the contact's tags, fields or last message. */
export const conditionRule = z.object({
  subject: z.enum(['tag', 'field', 'lastMessage']),
  /** The contact field for subject 'field'. */
  field: z.string().trim().max(50).nullable().default(null),
  operator: z.enum(['has', 'not_has', 'equals', 'not_equals', 'contains', 'not_contains', 'is_set', 'is_not_set']),
  value: z.string().max(500).default(''),
});
export type ConditionRule = z.infer<typeof conditionRule>;

export const conditionConfig = z.object({
  match: z.enum(['all', 'any']).default('all'),
  rules: z.array(conditionRule).min(1, 'Add at least one rule').max(20),
});

export const conditionDefault = {
  match: 'all',
  rules: [{ subject: 'tag', field: null, operator: 'has', value: '' }],
} satisfies z.infer<typeof conditionConfig>;
