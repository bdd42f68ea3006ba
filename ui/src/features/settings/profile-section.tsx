import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PublicUser } from '@contracts/auth';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { serverFieldError } from '../auth/server-errors';
import { SettingsSection } from './settings-section';
import { updateProfile } from './settings.api';

/** Name (editable) and email (read-only: it is how you sign in). */
export function ProfileSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [lastName, setLastName] = useState(user.lastName ?? '');
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
      toast({ title: 'Profile saved', description: 'Your name has been updated.', variant: 'success' });
    },
  });
  const unchanged = firstName.trim() === (user.firstName ?? '') && lastName.trim() === (user.lastName ?? '');
  const firstNameError = !firstName.trim() ? 'First name is required' : serverFieldError(save.error, 'firstName');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (firstName.trim()) save.mutate({ firstName: firstName.trim(), lastName: lastName.trim() });
  }

  return (
    <SettingsSection id="account" icon="user" title="Account Information" description="Your name as it appears in Replypilot.">
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <TextField label="Email" name="email" value={user.email} readOnly disabled hint="The address you sign in with." />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={firstNameError}
          />
          <TextField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        {save.isError && !serverFieldError(save.error, 'firstName') && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {errorMessage(save.error, 'Could not save your name')}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={unchanged || !firstName.trim()}>
            Save name
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
