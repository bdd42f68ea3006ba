export const commentRuleKeys = {
  all: ['comment-rules'] as const,
  list: ['comment-rules', 'list'] as const,
  queue: ['comment-rules', 'queue'] as const,
};
