import { PASSWORD_EMAIL_RULE, PASSWORD_MIN_LENGTH, PASSWORD_RULES_SUMMARY, passwordContainsEmail } from '@contracts/auth';

/** The credential policy in one line, shown under new-password fields (the server's rules: api/auth/password-policy.ts). */
export const PASSWORD_HINT = PASSWORD_RULES_SUMMARY;

/**
 * Client-side checks before the server's (which also refuses common passwords). `email`, when the
 * form knows it (register, settings), adds the email rule, so it is shown before submitting.
 */
export function newPasswordErrors(password: string, confirm: string, email?: string): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!password) errors.password = 'Password is required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  else if (email && passwordContainsEmail(password, email)) errors.password = PASSWORD_EMAIL_RULE;
  if (confirm !== password) errors.confirm = 'Passwords do not match';
  return errors;
}
