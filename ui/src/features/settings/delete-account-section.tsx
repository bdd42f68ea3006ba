import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FRESH_SIGN_IN_MINUTES, type PublicUser } from '@contracts/auth';
import { Button } from '../../components/button';
import { buttonClasses } from '../../components/button.styles';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { serverFieldError } from '../auth/server-errors';
import { useOAuthStatus } from '../diagnostics/use-oauth-status';
import { SettingsSection } from './settings-section';
import { deleteAccount } from './settings.api';

/**
 * Danger zone: deletes the account once the user types their email or DELETE and gives the password
 * (an account without one, Google/Facebook sign-in, needs a recent sign-in, which the server checks:
 * api/auth/account.routes.ts), with every workspace they are the only member of and its data; they
 * leave the others. Refused (the server says which) while they are the only owner of a workspace
 * other people belong to.
 */
export function DeleteAccountSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const needsPassword = user.hasPassword && !user.isDemo;
  const confirmed =
    (confirmation.trim() === 'DELETE' || confirmation.trim().toLowerCase() === user.email.toLowerCase()) && (!needsPassword || password.length > 0);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await navigate('/');
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
      toast({ title: 'Account deleted', description: 'Your account and its data have been deleted.', variant: 'success' });
    },
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmed) remove.mutate(needsPassword ? { confirmation: confirmation.trim(), password } : { confirmation: confirmation.trim() });
  }

  const passwordError = serverFieldError(remove.error, 'password');
  const otherError = remove.isError && !passwordError ? errorMessage(remove.error, 'Could not delete your account') : undefined;

  return (
    <SettingsSection id="delete-account" icon="alert" title="Danger Zone" danger>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm font-medium text-slate-900 dark:text-white">Delete account</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">
            Deletes your account and every workspace you are the only member of, with everything in it: connected accounts, conversations, rules, flows and
            their history. You leave the workspaces you share; if you are the only owner of one, make someone else its owner first (Settings → Team). This
            cannot be undone.
          </p>
        </div>
        {!open && (
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete Account
          </Button>
        )}
      </div>
      {open && (
        <form
          onSubmit={handleSubmit}
          noValidate
          className="mt-5 space-y-4 rounded-lg border border-red-200 bg-red-50/60 p-4 dark:border-red-500/30 dark:bg-red-500/5"
        >
          <TextField
            label={`Type ${user.email} or DELETE to confirm`}
            name="confirmation"
            autoComplete="off"
            value={confirmation}
            onChange={(e) => {
              setConfirmation(e.target.value);
              remove.reset();
            }}
            error={otherError}
          />
          {needsPassword && (
            <PasswordField
              label="Your password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                remove.reset();
              }}
              error={passwordError}
            />
          )}
          {!needsPassword && !user.isDemo && <SignInAgain />}
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              variant="outline"
              onClick={() => {
                setOpen(false);
                setConfirmation('');
                setPassword('');
              }}
            >
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!confirmed} loading={remove.isPending}>
              Permanently delete
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}

/** Accounts without a password prove it is them by signing in again (the provider's page), then deleting. */
function SignInAgain() {
  const google = useOAuthStatus('google').data?.configured === true;
  const facebook = useOAuthStatus('facebook').data?.configured === true;
  return (
    <div className="space-y-3 text-sm text-slate-600 dark:text-slate-400">
      <p>
        Your account signs in with Google or Facebook. If you last signed in more than {FRESH_SIGN_IN_MINUTES} minutes ago, sign in again first, then come back
        here to delete it.
      </p>
      {(google || facebook) && (
        <div className="flex flex-wrap gap-3">
          {google && (
            <a href="/auth/google" className={buttonClasses('outline', 'sm')}>
              Sign in again with Google
            </a>
          )}
          {facebook && (
            <a href="/auth/facebook" className={buttonClasses('outline', 'sm')}>
              Sign in again with Facebook
            </a>
          )}
        </div>
      )}
    </div>
  );
}
