import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assignableRoles, roleLabels, type Role } from '@contracts/permissions';
import type { TeamMember } from '@contracts/team';
import { Avatar } from '../../components/avatar';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { useCurrentUser } from '../auth/use-current-user';
import { ConfirmDialog } from '../flows/confirm-dialog';
import { changeRole, fetchMembers, leaveWorkspace, removeMember, teamKeys, transferOwnership } from './team.api';
import { useCan } from './use-can';

type Pending = { kind: 'remove' | 'transfer'; member: TeamMember } | { kind: 'leave' };

const displayName = (m: TeamMember) => [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.email;

/**
 * The workspace's members with their roles. Owners and admins change roles and remove members
 * (only owners touch owners); owners hand ownership over; anyone may leave. The server checks every
 * one of these (contracts/permissions.ts): the page only offers what the role may do.
 */
export function MembersCard() {
  const { user } = useCurrentUser();
  const canManage = useCan('members:manage');
  const isOwner = useCan('ownership:transfer');
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const members = useQuery({ queryKey: teamKeys.members, queryFn: fetchMembers });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: teamKeys.members });
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  };
  const onError = (err: unknown) => toast({ title: 'Not changed', description: errorMessage(err, 'Please try again'), variant: 'destructive' });
  const role = useMutation({
    mutationFn: ({ userId, to }: { userId: string; to: Role }) => changeRole(userId, to),
    onSuccess: refresh,
    onError,
  });
  const act = useMutation({
    mutationFn: async (p: Pending) => {
      if (p.kind === 'leave') return leaveWorkspace();
      return p.kind === 'remove' ? removeMember(p.member.userId) : transferOwnership(p.member.userId);
    },
    onSuccess: async (_data, p) => {
      setPending(null);
      // Leaving ends this page's workspace: start again in the one the session falls back to.
      if (p.kind === 'leave') return window.location.assign('/dashboard');
      toast({
        title: p.kind === 'remove' ? 'Member removed' : 'Ownership transferred',
        description: p.kind === 'remove' ? `${displayName(p.member)} no longer has access.` : `${displayName(p.member)} is now the owner; you are an admin.`,
        variant: 'success',
      });
      await refresh();
    },
    onError: (err) => {
      setPending(null);
      onError(err);
    },
  });

  if (members.isPending) return <Spinner className="mx-auto text-indigo-600" label="Loading members" />;
  if (members.isError) return <p className="text-sm text-red-600 dark:text-red-400">{errorMessage(members.error, 'Could not load the members')}</p>;
  const list = members.data.members;
  const lastOwner = list.filter((m) => m.role === 'owner').length === 1;

  return (
    <Card className="p-0">
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <h2 className="font-semibold text-slate-900 dark:text-white">Members</h2>
        <span className="text-sm text-slate-500 dark:text-slate-400">{list.length === 1 ? '1 member' : `${list.length} members`}</span>
      </div>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {list.map((m) => {
          const self = m.userId === user?.id;
          // The last owner stays one (the server refuses too): no role change, no leaving.
          const pinnedOwner = m.role === 'owner' && lastOwner;
          const mayChangeRole = canManage && (m.role !== 'owner' || isOwner) && !pinnedOwner;
          const options = (isOwner ? (['owner', ...assignableRoles] as Role[]) : [...assignableRoles]).map((r) => ({ value: r, label: roleLabels[r] }));
          return (
            <li key={m.userId} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center" data-testid="team-member">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <Avatar firstName={m.firstName} lastName={m.lastName} size={36} />
                <div className="min-w-0">
                  <p className="flex items-center gap-2 truncate text-sm font-medium text-slate-900 dark:text-white">
                    <span className="truncate">{displayName(m)}</span>
                    {self && <Badge tone="brand">You</Badge>}
                  </p>
                  <p className="truncate text-sm text-slate-500 dark:text-slate-400">{m.email}</p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2 sm:justify-end">
                {mayChangeRole ? (
                  <SelectField
                    label={`Role of ${displayName(m)}`}
                    hideLabel
                    compact
                    className="w-28"
                    value={m.role}
                    disabled={role.isPending}
                    options={options}
                    onChange={(e) => role.mutate({ userId: m.userId, to: e.target.value as Role })}
                  />
                ) : (
                  <Badge tone={m.role === 'owner' ? 'brand' : 'neutral'}>{roleLabels[m.role]}</Badge>
                )}
                {isOwner && !self && m.role !== 'owner' && (
                  <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'transfer', member: m })}>
                    Make owner
                  </Button>
                )}
                {self
                  ? !pinnedOwner && (
                      <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'leave' })}>
                        Leave
                      </Button>
                    )
                  : mayChangeRole && (
                      <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'remove', member: m })} aria-label={`Remove ${displayName(m)}`}>
                        Remove
                      </Button>
                    )}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        pending={act.isPending}
        destructive={pending?.kind !== 'transfer'}
        title={pending?.kind === 'leave' ? 'Leave this workspace?' : pending?.kind === 'transfer' ? 'Transfer ownership?' : 'Remove this member?'}
        confirmLabel={pending?.kind === 'leave' ? 'Leave' : pending?.kind === 'transfer' ? 'Make owner' : 'Remove'}
        description={
          pending?.kind === 'leave'
            ? 'You lose access at once. An owner or admin can invite you again.'
            : pending?.kind === 'transfer'
              ? `${displayName(pending.member)} becomes the owner (billing, ownership, deleting the workspace). You become an admin.`
              : pending
                ? `${displayName(pending.member)} loses access at once, on every device. Their past work stays.`
                : ''
        }
        onConfirm={() => pending && act.mutate(pending)}
      />
    </Card>
  );
}
