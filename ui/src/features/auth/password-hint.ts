import { PASSWORD_MIN_LENGTH } from '@contracts/auth';

/** The credential policy in one line, shown under new-password fields. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. Not a common password, and not your email address.`;

/** Client-side checks before the server's (which also refuses common passwords and the email). */
export function newPasswordErrors(password: string, confirm: string): { password?: string; confirm?: string } {
  const errors: { password?: string; confirm?: string } = {};
  if (!password) errors.password = 'Password is required';
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (confirm !== password) errors.confirm = 'Passwords do not match';
  return errors;
}
