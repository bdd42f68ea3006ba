import type { AuditLogPage } from '@contracts/audit';
import type { Role } from '@contracts/permissions';
import type {
  AcceptInvitationResponse,
  CreateInvitationBody,
  InvitationPreview,
  TeamInvitation,
  TeamInvitationsResponse,
  TeamMembersResponse,
  WorkspacesResponse,
} from '@contracts/team';
import { apiGet, apiPost, apiRequest } from '../../lib/api';

export const teamKeys = {
  members: ['/api/team/members'] as const,
  invitations: ['/api/team/invitations'] as const,
  workspaces: ['/api/workspaces'] as const,
  auditLog: (filters: Record<string, string>) => ['/api/audit-log', filters] as const,
};

export const fetchMembers = () => apiGet<TeamMembersResponse>('/api/team/members');
export const changeRole = (userId: string, role: Role) => apiRequest<null>('PATCH', `/api/team/members/${userId}`, { role });
export const removeMember = (userId: string) => apiRequest<null>('DELETE', `/api/team/members/${userId}`);
export const leaveWorkspace = () => apiPost<null>('/api/team/leave');
export const transferOwnership = (userId: string) => apiPost<null>('/api/team/ownership', { userId });
export const renameWorkspace = (name: string) => apiRequest<{ id: string; name: string }>('PATCH', '/api/team/workspace', { name });

export const fetchInvitations = () => apiGet<TeamInvitationsResponse>('/api/team/invitations');
export const inviteMember = (body: CreateInvitationBody) => apiPost<TeamInvitation>('/api/team/invitations', body);
export const resendInvitation = (id: string) => apiPost<TeamInvitation>(`/api/team/invitations/${id}/resend`);
export const revokeInvitation = (id: string) => apiRequest<null>('DELETE', `/api/team/invitations/${id}`);
export const lookupInvitation = (token: string) => apiPost<InvitationPreview>('/api/team/invitations/lookup', { token });
export const acceptInvitation = (token: string) => apiPost<AcceptInvitationResponse>('/api/team/invitations/accept', { token });

export const fetchWorkspaces = () => apiGet<WorkspacesResponse>('/api/workspaces');
export const switchWorkspace = (workspaceId: string) => apiPost<{ workspaceId: string; role: Role }>('/api/workspaces/switch', { workspaceId });

export function fetchAuditLog(filters: Record<string, string>, cursor: string | null) {
  const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
  if (cursor) params.set('cursor', cursor);
  return apiGet<AuditLogPage>(`/api/audit-log?${params.toString()}`);
}
