import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { can } from '@contracts/permissions';
import type { TeamMember } from '@contracts/team';
import { fetchMembers, teamKeys } from '../../team/team.api';

/** A member's name as the inbox shows it: first and last name, else the email. */
export function memberName(m: Pick<TeamMember, 'firstName' | 'lastName' | 'email'>): string {
  return [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email;
}

/**
 * The workspace's members (GET /api/team/members, shared with Settings → Team), those who may be
 * given conversations (a role that can reply: contracts/permissions.ts `inbox:write`), and a name
 * for any assignee id (a member removed a moment ago reads "a former member" until the list refreshes).
 */
export function useTeamMembers() {
  const query = useQuery({ queryKey: teamKeys.members, queryFn: fetchMembers, staleTime: 60_000 });
  return useMemo(() => {
    const members = query.data?.members ?? [];
    const byId = new Map(members.map((m) => [m.userId, m]));
    return {
      members,
      assignable: members.filter((m) => can(m.role, 'inbox:write')),
      nameOf: (userId: string) => {
        const m = byId.get(userId);
        return m ? memberName(m) : 'a former member';
      },
      isPending: query.isPending,
    };
  }, [query.data, query.isPending]);
}
