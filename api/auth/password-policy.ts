import { readFileSync } from 'node:fs';
import { PASSWORD_EMAIL_RULE, passwordContainsEmail } from '../../contracts/auth';
import { AppError } from '../http/errors';

/**
 * Credential policy, applied wherever a password is chosen: register,
 * reset and change. The length rule is also in the zod contract (contracts/auth.ts), so forms show
 * it before submitting; the list and the email rule need the server.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

export const PASSWORD_RULES = {
  common: 'This password is one of the most common passwords. Please choose one that is harder to guess',
  email: PASSWORD_EMAIL_RULE,
} as const;

/** The rule a password breaks, or undefined. Case-insensitive. */
export function passwordPolicyViolation(password: string, email: string): string | undefined {
  const pw = password.toLowerCase();
  if (commonPasswords().has(pw)) return PASSWORD_RULES.common;
  if (passwordContainsEmail(password, email)) return PASSWORD_RULES.email;
  return undefined;
}

/** Throws the 400 the forms show next to the password field. */
export function assertPasswordPolicy(password: string, email: string, field = 'password'): void {
  const rule = passwordPolicyViolation(password, email);
  if (rule) throw new AppError('BAD_REQUEST', rule, [{ path: field, message: rule }]);
}
