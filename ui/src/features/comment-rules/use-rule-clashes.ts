import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RuleClashQuery } from '@contracts/keyword-clashes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { checkRuleClashes } from './comment-rules.api';
import { commentRuleKeys } from './comment-rules.keys';

/**
 * What saving this rule would clash with, asked as the keywords are typed (POST
 * /api/comment-rules/clashes, debounced): the same check the save makes. null while there is nothing to check.
 */
export function useRuleClashes(query: RuleClashQuery | null) {
  const debounced = useDebouncedValue(query, 300);
  const enabled = debounced !== null && debounced.keywords.length > 0;
  const result = useQuery({
    queryKey: commentRuleKeys.clashes(debounced),
    queryFn: () => checkRuleClashes(debounced!),
    enabled,
    placeholderData: keepPreviousData,
  });
  return enabled ? (result.data ?? null) : null;
}
