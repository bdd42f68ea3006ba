import type { LeadQuery } from './leads.api';

export const leadKeys = {
  all: ['leads'] as const,
  list: (q: LeadQuery) => ['leads', 'list', q] as const,
  /** Under `all`: every lead change refreshes the cards too. */
  summary: ['leads', 'summary'] as const,
};
