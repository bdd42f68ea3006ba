import { EMAIL_PATTERN } from './register.validation';

export interface LoginFormValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

export type LoginFormErrors = Partial<Record<'email' | 'password', string>>;

/** docs/product-spec.md §5: email required and valid; password required. */
export function validateLogin(values: LoginFormValues): LoginFormErrors {
  const errors: LoginFormErrors = {};
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!values.password) errors.password = 'Password is required';
  return errors;
}
