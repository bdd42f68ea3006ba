import type { RuleClashQuery } from '@contracts/keyword-clashes';

export const commentRuleKeys = {
  all: ['comment-rules'] as const,
  list: ['comment-rules', 'list'] as const,
  queue: ['comment-rules', 'queue'] as const,
  clashes: (query: RuleClashQuery | null) => ['comment-rules', 'clashes', query] as const,
};
