import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { roleDescriptions, roleLabels, roles } from '@contracts/permissions';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { useCurrentUser } from '../auth/use-current-user';
import { SettingsTabs } from '../settings/settings-tabs';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { fetchWorkspaces, renameWorkspace, teamKeys } from './team.api';
import { useCan } from './use-can';

/** Settings → Team (docs/product-spec.md "Teams"): the workspace's name, its members, invitations and what each role may do. */
export function TeamPage() {
  const canManage = useCan('members:manage');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <PageHeader title="Settings" description="Who works in this workspace, and what each of them may do." />
        <SettingsTabs />
      </div>
      <WorkspaceNameCard />
      <MembersCard />
      {canManage && <InvitationsCard />}
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900 dark:text-white">Roles</h2>
        <dl className="mt-3 space-y-2 text-sm">
          {roles.map((r) => (
            <div key={r} className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
              <dt className="w-16 shrink-0 font-medium text-slate-900 dark:text-white">{roleLabels[r]}</dt>
              <dd className="text-slate-600 dark:text-slate-400">{roleDescriptions[r]}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}

/** The workspace's name (what the switcher shows); owners and admins rename it. */
function WorkspaceNameCard() {
  const { user } = useCurrentUser();
  const canRename = useCan('settings:manage');
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const workspaces = useQuery({ queryKey: teamKeys.workspaces, queryFn: fetchWorkspaces });
  const current = workspaces.data?.workspaces.find((w) => w.id === user?.workspaceId);
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useMutation({
    mutationFn: renameWorkspace,
    onSuccess: async () => {
      setDraft(null);
      toast({ title: 'Workspace renamed', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: teamKeys.workspaces });
    },
  });
  if (!current) return null;
  const value = draft ?? current.name;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate(value.trim());
  }

  return (
    <Card className="p-5">
      {canRename ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            className="flex-1"
            label="Workspace name"
            name="workspaceName"
            value={value}
            maxLength={80}
            onChange={(e) => {
              setDraft(e.target.value);
              rename.reset();
            }}
            error={rename.isError ? errorMessage(rename.error, 'Could not rename the workspace') : undefined}
            hint="Shown in the workspace switcher and in invitations."
          />
          <Button type="submit" variant="outline" className="sm:mt-7" loading={rename.isPending} disabled={value.trim() === current.name || !value.trim()}>
            Rename
          </Button>
        </form>
      ) : (
        <div>
          <p className="text-sm text-slate-500 dark:text-slate-400">Workspace</p>
          <p className="font-medium text-slate-900 dark:text-white">{current.name}</p>
        </div>
      )}
    </Card>
  );
}
