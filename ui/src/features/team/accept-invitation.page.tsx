import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { roleDescriptions, roleLabels } from '@contracts/permissions';
import type { InvitationPreview } from '@contracts/team';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { loginUser, logoutUser, registerUser } from '../auth/auth.api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { PASSWORD_HINT } from '../auth/password-hint';
import { useCurrentUser } from '../auth/use-current-user';
import { acceptInvitation, lookupInvitation } from './team.api';

function Problem({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      {message}
    </div>
  );
}

const statusMessage: Record<Exclude<InvitationPreview['status'], 'pending'>, (p: InvitationPreview) => string> = {
  accepted: () => 'This invitation was already used. If it was you, sign in: you are a member.',
  revoked: (p) => `This invitation was revoked.${p.invitedBy ? ` Ask ${p.invitedBy} for a new one.` : ''}`,
  expired: (p) => `This invitation expired on ${new Date(p.expiresAt).toLocaleDateString()}.${p.invitedBy ? ` Ask ${p.invitedBy} for a new one.` : ''}`,
};

/** Joins the workspace and opens it: a full load, so every cached page of the other workspace is gone. */
const open = () => window.location.assign('/dashboard');

/**
 * /invite?token=… — the page an invitation mail links to (docs/product-spec.md "Teams"). It says who
 * invited whom to what, then accepts: at once for the invited address signed in, after signing in
 * or creating an account (for that address) otherwise.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isLoading } = useCurrentUser();
  const preview = useQuery({
    queryKey: ['/api/team/invitations/lookup', token],
    queryFn: () => lookupInvitation(token),
    enabled: Boolean(token),
    retry: false,
  });
  const accept = useMutation({ mutationFn: () => acceptInvitation(token), onSuccess: open });
  const signOut = useMutation({ mutationFn: logoutUser, onSuccess: () => window.location.reload() });

  const p = preview.data;
  return (
    <div>
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon name="users" size={24} />
      </div>
      {!token ? (
        <>
          <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Join a workspace</h1>
          <Problem message="This invitation link is incomplete. Open the link from the email again." />
        </>
      ) : preview.isPending || isLoading ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">Checking the invitation…</p>
      ) : preview.isError || !p ? (
        <>
          <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Join a workspace</h1>
          <Problem message={errorMessage(preview.error, 'This invitation link is not valid.')} />
        </>
      ) : (
        <>
          <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Join {p.workspaceName}</h1>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            {p.invitedBy ?? 'A teammate'} invited <span className="font-medium text-slate-900 dark:text-white">{p.email}</span> as{' '}
            <span className="font-medium text-slate-900 dark:text-white">{roleLabels[p.role]}</span>. {roleDescriptions[p.role]}
          </p>
          {p.status !== 'pending' ? (
            <Problem message={statusMessage[p.status](p)} />
          ) : user && user.email.toLowerCase() === p.email ? (
            <div className="mt-8 space-y-3">
              {accept.isError && <Problem message={errorMessage(accept.error, 'Could not accept the invitation')} />}
              <Button size="lg" className="w-full" loading={accept.isPending} onClick={() => accept.mutate()}>
                Accept and open {p.workspaceName}
              </Button>
            </div>
          ) : user ? (
            <div className="mt-8 space-y-3">
              <Problem
                message={`You are signed in as ${user.email}. This invitation is for ${p.email}: sign out, then sign in or create an account as ${p.email}.`}
              />
              <Button variant="outline" className="w-full" loading={signOut.isPending} onClick={() => signOut.mutate()}>
                Sign out
              </Button>
            </div>
          ) : (
            <SignInThenAccept preview={p} token={token} />
          )}
        </>
      )}
      <div className="mt-8">
        <ButtonLink to="/" variant="outline">
          <Icon name="arrow-left" size={16} />
          Replypilot home
        </ButtonLink>
      </div>
    </div>
  );
}

/** Signed out: create an account for the invited address, or sign in to it; then accept. */
function SignInThenAccept({ preview, token }: { preview: InvitationPreview; token: string }) {
  const [mode, setMode] = useState<'register' | 'login'>('register');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const join = useMutation({
    mutationFn: async () => {
      if (mode === 'register') await registerUser({ firstName, lastName, email: preview.email, password });
      else await loginUser({ email: preview.email, password });
      await acceptInvitation(token);
    },
    onSuccess: open,
    // Signed in but not joined (the accept failed): the page offers Accept from here on.
    onError: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    join.mutate();
  }

  const tab = (m: 'register' | 'login', label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      onClick={() => {
        setMode(m);
        join.reset();
      }}
      className={
        mode === m
          ? 'flex-1 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm dark:bg-slate-800 dark:text-white'
          : 'flex-1 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
      }
    >
      {label}
    </button>
  );

  return (
    <div className="mt-8">
      <div role="tablist" aria-label="Account" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900">
        {tab('register', 'Create an account')}
        {tab('login', 'I have an account')}
      </div>
      <form onSubmit={submit} noValidate className="mt-6 space-y-4">
        {join.isError && <Problem message={errorMessage(join.error, 'Could not join the workspace')} />}
        <TextField label="Email" name="email" type="email" value={preview.email} readOnly hint="Invitations are accepted by the address they were sent to." />
        {mode === 'register' && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
            <TextField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </div>
        )}
        <PasswordField
          label="Password"
          name="password"
          autoComplete={mode === 'register' ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={mode === 'register' ? PASSWORD_HINT : undefined}
        />
        <Button type="submit" size="lg" className="w-full" loading={join.isPending}>
          {mode === 'register' ? 'Create account and join' : 'Sign in and join'}
        </Button>
      </form>
    </div>
  );
}
