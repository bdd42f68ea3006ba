import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PublicUser } from '@contracts/auth';
import { Button } from '../../components/button';
import { PasswordField } from '../../components/password-field';
import { useToast } from '../../components/toast/use-toast';
import { errorMessage } from '../../lib/api';
import { CURRENT_USER_KEY } from '../auth/current-user.query';
import { newPasswordErrors, PASSWORD_HINT } from '../auth/password-hint';
import { serverFieldError } from '../auth/server-errors';
import { SettingsSection } from './settings-section';
import { changePassword } from './settings.api';

const empty = { current: '', next: '', confirm: '' };

/** Change password (current one required), or set a first one for Google/Facebook-only accounts. */
export function PasswordSection({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const save = useMutation({
    mutationFn: changePassword,
    onSuccess: async (answer) => {
      setValues(empty);
      toast({ title: user.hasPassword ? 'Password changed' : 'Password set', description: answer.message, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
  });

  if (user.isDemo) {
    return (
      <SettingsSection id="password" icon="lock" title="Password">
        <p className="text-sm text-slate-600 dark:text-slate-400">Demo accounts have no password. Create an account to keep your work.</p>
      </SettingsSection>
    );
  }

  function update(field: keyof typeof empty, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors({});
    save.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = newPasswordErrors(values.next, values.confirm, user.email);
    setErrors(found);
    if (found.password || found.confirm) return;
    save.mutate(user.hasPassword ? { currentPassword: values.current, newPassword: values.next } : { newPassword: values.next });
  }

  const currentError = serverFieldError(save.error, 'currentPassword');
  const newError = errors.password ?? serverFieldError(save.error, 'newPassword');
  const otherError = save.isError && !currentError && !newError ? errorMessage(save.error, 'Could not change your password') : undefined;

  return (
    <SettingsSection
      id="password"
      icon="lock"
      title="Password"
      description={
        user.hasPassword
          ? 'Changing it signs out every other device; this one stays signed in.'
          : 'You sign in with Google or Facebook. Set a password to also sign in with your email.'
      }
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        {user.hasPassword && (
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={values.current}
            onChange={(e) => update('current', e.target.value)}
            error={currentError}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={values.next}
            onChange={(e) => update('next', e.target.value)}
            error={newError}
            hint={PASSWORD_HINT}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirm}
            onChange={(e) => update('confirm', e.target.value)}
            error={errors.confirm}
          />
        </div>
        {otherError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {otherError}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending}>
            {user.hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
