import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PublicUser } from '@contracts/auth';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { SettingsSection } from './settings-section';
import { deleteAccount } from './settings.api';

/**
 * Danger zone: deletes the account once the user types their email or DELETE, with every workspace
 * they are the only member of; they leave the others. Refused (the server says which) while they are
 * the only owner of a workspace other people belong to.
 */
export function DeleteAccountSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const confirmed = confirmation.trim() === 'DELETE' || confirmation.trim().toLowerCase() === user.email.toLowerCase();
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
    if (confirmed) remove.mutate({ confirmation: confirmation.trim() });
  }

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
            error={remove.isError ? errorMessage(remove.error, 'Could not delete your account') : undefined}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <Button
              variant="outline"
              onClick={() => {
                setOpen(false);
                setConfirmation('');
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
