import type { AdminDeleteResult, AdminInstance, AdminWorkspacesPage, WorkspaceSuspension } from '@contracts/admin';
import type { PlanId } from '@contracts/plans';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export const adminKeys = {
  all: ['admin'] as const,
  workspaces: (q: string, page: number) => ['admin', 'workspaces', q, page] as const,
  instance: ['admin', 'instance'] as const,
  suspension: ['workspace', 'suspension'] as const,
};

export function fetchAdminWorkspaces(q: string, page: number): Promise<AdminWorkspacesPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: '20' });
  if (q.trim()) params.set('q', q.trim());
  return apiGet(`/api/admin/workspaces?${params}`);
}

export const fetchAdminInstance = () => apiGet<AdminInstance>('/api/admin/instance');
export const suspendWorkspace = (id: string, reason: string) =>
  apiPost<{ suspended: true; cancelledSends: number }>(`/api/admin/workspaces/${id}/suspend`, { reason });
export const resumeWorkspace = (id: string) => apiPost<{ suspended: false }>(`/api/admin/workspaces/${id}/resume`);
export const setWorkspacePlan = (id: string, plan: PlanId) => apiRequest<{ plan: PlanId; previous: string }>('PATCH', `/api/admin/workspaces/${id}`, { plan });
export const deleteWorkspace = (id: string, confirmName: string) => apiRequest<AdminDeleteResult>('DELETE', `/api/admin/workspaces/${id}`, { confirmName });
export const fetchSuspension = () => apiGet<WorkspaceSuspension>('/api/workspace/suspension');
