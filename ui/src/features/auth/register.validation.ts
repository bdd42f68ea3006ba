import { PASSWORD_EMAIL_RULE, PASSWORD_MIN_LENGTH, passwordContainsEmail } from '@contracts/auth';

export interface RegisterFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export type RegisterFormErrors = Partial<Record<keyof RegisterFormValues, string>>;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** docs/product-spec.md §5 registration rules, with the spec's exact messages (password length: 8, not 6). */
export function validateRegister(values: RegisterFormValues): RegisterFormErrors {
  const errors: RegisterFormErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required';
  if (!values.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  if (!values.password) errors.password = 'Password is required';
  // 8, not the spec's 6; the server also refuses common passwords and the email.
  else if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  // The server's email rule, checked here so the form says it instead of a failed registration.
  else if (values.email.trim() && passwordContainsEmail(values.password, values.email)) errors.password = PASSWORD_EMAIL_RULE;
  if (values.confirmPassword !== values.password) errors.confirmPassword = 'Passwords do not match';
  if (!values.acceptTerms) errors.acceptTerms = 'You must accept the terms of service';
  return errors;
}
