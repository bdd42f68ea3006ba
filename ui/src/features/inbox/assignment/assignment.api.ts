import type { BulkAssignResult } from '@contracts/inbox';
import { apiPost } from '../../../lib/api';

/** The inbox views: everyone's, the signed-in member's, and nobody's. */
export type AssigneeView = 'all' | 'me' | 'unassigned';

export const bulkAssign = (conversationIds: string[], assigneeId: string | null) =>
  apiPost<BulkAssignResult>('/api/conversations/assign', { conversationIds, assigneeId });
