import type { KnowledgeFilter } from './knowledge.api';

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  list: (f: KnowledgeFilter) => ['knowledge', 'list', f] as const,
};
