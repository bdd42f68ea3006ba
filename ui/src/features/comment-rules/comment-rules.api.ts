import type { CommentRule, CommentRuleBody, ReplyQueueStatus, SavedCommentRule } from '@contracts/comment-rules';
import type { ClashReport, RuleClashQuery } from '@contracts/keyword-clashes';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

/** The POST body as the form sends it (the server fills defaults). */
export type NewCommentRule = Omit<CommentRuleBody, 'publicReplyTemplate' | 'postUrl'> & {
  publicReplyTemplate: string | null;
  postUrl: string | null;
};

export const fetchCommentRules = () => apiGet<CommentRule[]>('/api/comment-rules');
export const createCommentRule = (body: NewCommentRule) => apiPost<SavedCommentRule>('/api/comment-rules', body);
export const setCommentRuleActive = (id: string, isActive: boolean) =>
  apiRequest<SavedCommentRule>('PATCH', `/api/comment-rules/${encodeURIComponent(id)}`, { isActive });
export type RuleEdit = { keywords: string[]; responseTemplate: string; publicReplyTemplate: string | null; trackLinks: boolean };
export const updateCommentRule = (id: string, body: RuleEdit) => apiRequest<SavedCommentRule>('PATCH', `/api/comment-rules/${encodeURIComponent(id)}`, body);
export const deleteCommentRule = (id: string) => apiRequest<null>('DELETE', `/api/comment-rules/${encodeURIComponent(id)}`);
export const fetchReplyQueue = () => apiGet<ReplyQueueStatus>('/api/comment-rules/queue');
/** The rule form's live check: what saving would clash with (the save's own check, nothing saved). */
export const checkRuleClashes = (query: RuleClashQuery) => apiPost<ClashReport>('/api/comment-rules/clashes', query);
