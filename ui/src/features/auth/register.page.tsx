import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { CheckboxField } from '../../components/checkbox-field';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { AuthDivider } from './auth-divider';
import { PASSWORD_HINT } from './password-hint';
import { validateRegister, type RegisterFormErrors, type RegisterFormValues } from './register.validation';
import { serverFieldError } from './server-errors';
import { SocialLoginButtons } from './social-login-buttons';
import { useRegister } from './use-register';

const initialValues: RegisterFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

const linkClasses = 'font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400';

export function RegisterPage() {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<RegisterFormErrors>({});
  const register = useRegister();

  // docs/product-spec.md §5: a field's error clears as soon as that field is edited (the server's too).
  function update<K extends keyof RegisterFormValues>(field: K, value: RegisterFormValues[K]) {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));
    if (register.isError && (field === 'password' || field === 'email')) register.reset();
  }
  // What the server refused on a field (the common-password list only it knows), shown on that field.
  const serverError = (field: 'password' | 'email') => (register.isError ? serverFieldError(register.error, field) : undefined);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateRegister(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    // Only the first four fields are sent (docs/product-spec.md §3).
    register.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
    });
  }

  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Create your account</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Free to start. No credit card required.</p>
      <div className="mt-8">
        <SocialLoginButtons divider={<AuthDivider label="or sign up with email" />} />
      </div>
      <form onSubmit={handleSubmit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => update('firstName', e.target.value)}
            error={errors.firstName}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => update('lastName', e.target.value)}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email ?? serverError('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => update('password', e.target.value)}
          error={errors.password ?? serverError('password')}
          hint={PASSWORD_HINT}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(e) => update('confirmPassword', e.target.value)}
          error={errors.confirmPassword}
        />
        <CheckboxField
          name="acceptTerms"
          checked={values.acceptTerms}
          onChange={(checked) => update('acceptTerms', checked)}
          ariaLabel="I agree to the Terms of Service and Privacy Policy"
          error={errors.acceptTerms}
          label={
            <>
              I agree to the{' '}
              <Link to="/terms" className={linkClasses}>
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link to="/privacy" className={linkClasses}>
                Privacy Policy
              </Link>
            </>
          }
        />
        <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{' '}
        <Link to="/login" className={linkClasses}>
          Sign in
        </Link>
      </p>
    </div>
  );
}
