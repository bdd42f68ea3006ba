import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createKnowledgeEntry, deleteKnowledgeEntry, fetchKnowledge, scanWebsite, updateKnowledgeEntry, type KnowledgeFilter } from './knowledge.api';
import { knowledgeKeys } from './knowledge.keys';

export function useKnowledge(filter: KnowledgeFilter) {
  // Keep the last page on screen while the next search or tab loads: no flash of emptiness.
  return useQuery({ queryKey: knowledgeKeys.list(filter), queryFn: () => fetchKnowledge(filter), placeholderData: keepPreviousData });
}

/** Every change can move counts, pages and search results: refetch all knowledge lists. */
function useInvalidateKnowledge() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
}

export function useSaveKnowledgeEntry() {
  const invalidate = useInvalidateKnowledge();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) => (id ? updateKnowledgeEntry(id, body) : createKnowledgeEntry(body)),
    onSuccess: invalidate,
  });
}

export function useDeleteKnowledgeEntry() {
  const invalidate = useInvalidateKnowledge();
  return useMutation({ mutationFn: (id: string) => deleteKnowledgeEntry(id), onSettled: invalidate });
}

export function useScanWebsite() {
  const invalidate = useInvalidateKnowledge();
  return useMutation({ mutationFn: (url: string) => scanWebsite(url), onSuccess: invalidate });
}
