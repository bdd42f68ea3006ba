import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { AuthDivider } from './auth-divider';
import { validateLogin, type LoginFormErrors, type LoginFormValues } from './login.validation';
import { SocialLoginButtons } from './social-login-buttons';
import { pageNameFor, signInTarget } from './sign-in-reason';
import { useLogin } from './use-login';

const linkClasses = 'font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400';

export function LoginPage() {
  const [values, setValues] = useState<LoginFormValues>({ email: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const next = signInTarget(useLocation().state);
  const login = useLogin(next);

  function update<K extends keyof LoginFormValues>(field: K, value: LoginFormValues[K]) {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => (field in prev ? { ...prev, [field]: undefined } : prev));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    // rememberMe is a form nicety only; it is not sent (docs/product-spec.md §3).
    login.mutate({ email: values.email.trim(), password: values.password });
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Welcome back</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Sign in to manage your automations.</p>
      {next && (
        <div
          role="status"
          className="mt-4 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-900 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-100"
        >
          <p className="font-medium">Sign in to open {pageNameFor(next)}.</p>
          <p className="mt-1">
            It works on your own workspace, so it needs an account.{' '}
            <Link to="/register" className="font-medium underline">
              Create a free account
            </Link>{' '}
            or{' '}
            <Link to="/test-login" className="font-medium underline">
              try the live demo
            </Link>{' '}
            (no sign-up).
          </p>
        </div>
      )}
      <div className="mt-8">
        <SocialLoginButtons divider={<AuthDivider label="or sign in with email" />} />
      </div>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
          error={errors.password}
          labelAside={
            <Link to="/forgot-password" className={`text-sm ${linkClasses}`}>
              Forgot password?
            </Link>
          }
        />
        <CheckboxField name="rememberMe" checked={values.rememberMe} onChange={(checked) => update('rememberMe', checked)} label="Remember me" />
        <Button type="submit" size="lg" className="w-full" loading={login.isPending}>
          {login.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        New to Replypilot?{' '}
        <Link to="/register" className={linkClasses}>
          Create an account
        </Link>
      </p>
      <p className="mt-3 text-center text-sm text-slate-500 dark:text-slate-400">
        Just looking around?{' '}
        <Link to="/test-login" className={linkClasses}>
          Try the live demo
        </Link>
      </p>
    </div>
  );
}
