import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { MailStatus } from '@contracts/auth';
import { assignableRoles, roleDescriptions, roleLabels } from '@contracts/permissions';
import type { TeamInvitation } from '@contracts/team';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { apiGet, errorMessage } from '../../lib/api';
import { fetchInvitations, inviteMember, resendInvitation, revokeInvitation, teamKeys } from './team.api';

type InviteRole = (typeof assignableRoles)[number];

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** Invite by email (owners and admins), and the invitations still open: resend or revoke. */
export function InvitationsCard() {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('agent');
  const mail = useQuery({ queryKey: ['/api/auth/mail-status'], queryFn: () => apiGet<MailStatus>('/api/auth/mail-status') });
  const invitations = useQuery({ queryKey: teamKeys.invitations, queryFn: fetchInvitations });
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.invitations });

  const invite = useMutation({
    mutationFn: inviteMember,
    onSuccess: async (sent) => {
      setEmail('');
      toast({ title: 'Invitation sent', description: `${sent.email} can join as ${roleLabels[sent.role]} for 7 days.`, variant: 'success' });
      await refresh();
    },
  });
  const resend = useMutation({
    mutationFn: resendInvitation,
    onSuccess: async (sent) => {
      toast({ title: 'Invitation sent again', description: `A new link went to ${sent.email}; the old one no longer works.`, variant: 'success' });
      await refresh();
    },
    onError: (err) => toast({ title: 'Not sent', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
  });
  const revoke = useMutation({
    mutationFn: (i: TeamInvitation) => revokeInvitation(i.id),
    onSuccess: async (_d, i) => {
      toast({ title: 'Invitation revoked', description: `The link sent to ${i.email} no longer works.`, variant: 'success' });
      await refresh();
    },
    onError: (err) => toast({ title: 'Not revoked', description: errorMessage(err, 'Please try again'), variant: 'destructive' }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role });
  }

  const noMail = mail.data?.configured === false;
  const open = invitations.data?.invitations ?? [];
  return (
    <>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900 dark:text-white">Invite someone</h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">They get an email with a link that works once, for 7 days.</p>
        {noMail && (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
            This server cannot send email yet (SMTP_URL is not set), so invitations cannot be sent.
          </p>
        )}
        <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            className="flex-1"
            label="Email"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="teammate@company.com"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              invite.reset();
            }}
            error={invite.isError ? errorMessage(invite.error, 'Could not send the invitation') : undefined}
          />
          <SelectField
            className="sm:w-36"
            label="Role"
            name="role"
            value={role}
            onChange={(e) => setRole(e.target.value as InviteRole)}
            options={assignableRoles.map((r) => ({ value: r, label: roleLabels[r] }))}
          />
          <Button type="submit" className="sm:mt-7" loading={invite.isPending} disabled={noMail || !email.trim()}>
            Send invitation
          </Button>
        </form>
        <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
          {roleLabels[role]}: {roleDescriptions[role]}
        </p>
      </Card>

      <Card className="p-0">
        <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 className="font-semibold text-slate-900 dark:text-white">Pending invitations</h2>
        </div>
        {open.length === 0 ? (
          <p className="px-5 py-6 text-sm text-slate-500 dark:text-slate-400">{invitations.isPending ? 'Loading…' : 'No open invitations.'}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {open.map((i) => (
              <li key={i.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center" data-testid="team-invitation">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{i.email}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <Badge>{roleLabels[i.role]}</Badge>
                    {i.status === 'expired' ? <Badge tone="warning">Expired {dateOf(i.expiresAt)}</Badge> : <span>Expires {dateOf(i.expiresAt)}</span>}
                    {i.invitedBy && <span>by {i.invitedBy}</span>}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={noMail}
                    loading={resend.isPending && resend.variables === i.id}
                    onClick={() => resend.mutate(i.id)}
                  >
                    Resend
                  </Button>
                  <Button size="sm" variant="ghost" loading={revoke.isPending && revoke.variables?.id === i.id} onClick={() => revoke.mutate(i)}>
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
