import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/api';
import { fetchMailStatus, requestPasswordReset } from './password-reset.api';
import { EMAIL_PATTERN } from './register.validation';

const linkClasses = 'font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400';

function Header({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <div className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
        <Icon name="key" size={24} />
      </div>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-3 text-sm text-slate-600 dark:text-slate-400">{children}</div>
    </>
  );
}

/** /forgot-password: asks for the email and mails a 1-hour reset link (the answer never says whether the account exists). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const status = useQuery({ queryKey: ['/api/auth/mail-status'], queryFn: fetchMailStatus, staleTime: 60_000 });
  const send = useMutation({ mutationFn: requestPasswordReset });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = email.trim();
    const problem = !trimmed ? 'Email is required' : !EMAIL_PATTERN.test(trimmed) ? 'Please enter a valid email address' : undefined;
    setError(problem);
    if (!problem) send.mutate({ email: trimmed });
  }

  if (status.data && !status.data.configured) {
    return (
      <div>
        <Header title="Forgot your password?">
          <p>
            Email is not set up on this Replypilot server, so reset links cannot be sent. Ask its administrator to set up outgoing email, or to reset your
            password for you. If you signed up with Google or Facebook, sign in with that instead.
          </p>
        </Header>
        <div className="mt-8">
          <ButtonLink to="/login">
            <Icon name="arrow-left" size={16} />
            Back to sign in
          </ButtonLink>
        </div>
      </div>
    );
  }

  if (send.isSuccess) {
    return (
      <div>
        <Header title="Check your email">
          <p>{send.data.message}</p>
          {status.data?.mode === 'outbox' && (
            <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200">
              Development server: no email is sent. The link is printed in the server&apos;s log (the terminal where it runs); once signed in, the{' '}
              <Link to="/dev/outbox" className="font-medium underline">
                dev outbox
              </Link>{' '}
              shows the mails sent to you.
            </p>
          )}
        </Header>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink to="/login">
            <Icon name="arrow-left" size={16} />
            Back to sign in
          </ButtonLink>
          <Button variant="outline" onClick={() => send.reset()}>
            Use another email
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div>
      <Header title="Forgot your password?">
        <p>Enter the email you signed up with and we'll send you a link to choose a new password.</p>
      </Header>
      <form onSubmit={handleSubmit} noValidate className="mt-8 space-y-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(undefined);
          }}
          error={error ?? (send.isError ? errorMessage(send.error, 'Please try again') : undefined)}
        />
        <Button type="submit" size="lg" className="w-full" loading={send.isPending}>
          <Icon name="mail" size={18} />
          Send reset link
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Remembered it?{' '}
        <Link to="/login" className={linkClasses}>
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
