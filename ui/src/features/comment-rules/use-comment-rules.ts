import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CommentRule } from '@contracts/comment-rules';
import {
  createCommentRule,
  deleteCommentRule,
  fetchCommentRules,
  fetchReplyQueue,
  setCommentRuleActive,
  updateCommentRule,
  type NewCommentRule,
  type RuleEdit,
} from './comment-rules.api';
import { commentRuleKeys } from './comment-rules.keys';

export function useCommentRules() {
  // Stats move as comments arrive: /ws invalidates on deliveries; a slow poll covers the rest.
  return useQuery({ queryKey: commentRuleKeys.list, queryFn: fetchCommentRules, refetchInterval: 15_000 });
}

/** Private replies waiting for the per-account rate limit; polled every 5 s. */
export function useReplyQueue() {
  return useQuery({ queryKey: commentRuleKeys.queue, queryFn: fetchReplyQueue, refetchInterval: 5000 });
}

export function useCreateCommentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCommentRule) => createCommentRule(body),
    onSuccess: (rule) => {
      queryClient.setQueryData<CommentRule[]>(commentRuleKeys.list, (rules) => [rule, ...(rules ?? [])]);
      void queryClient.invalidateQueries({ queryKey: commentRuleKeys.list });
      void queryClient.invalidateQueries({ queryKey: ['comment-rules', 'clashes'] });
    },
  });
}

export function useToggleCommentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setCommentRuleActive(id, isActive),
    onMutate: ({ id, isActive }) => {
      queryClient.setQueryData<CommentRule[]>(commentRuleKeys.list, (rules) => rules?.map((r) => (r.id === id ? { ...r, isActive } : r)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentRuleKeys.all }),
  });
}

export function useDeleteCommentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCommentRule(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<CommentRule[]>(commentRuleKeys.list, (rules) => rules?.filter((r) => r.id !== id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentRuleKeys.all }),
  });
}

export function useUpdateCommentRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RuleEdit }) => updateCommentRule(id, body),
    onSuccess: ({ clashes: _clashes, ...rule }) => {
      queryClient.setQueryData<CommentRule[]>(commentRuleKeys.list, (rules) => rules?.map((r) => (r.id === rule.id ? rule : r)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentRuleKeys.all }),
  });
}
