import type { LeadQuery } from './leads.api';

export const leadKeys = {
  all: ['leads'] as const,
  list: (q: LeadQuery) => ['leads', 'list', q] as const,
};
