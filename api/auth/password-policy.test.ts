import { describe, expect, it } from 'vitest';
import { PASSWORD_EMAIL_RULE } from '../../contracts/auth';
import { PASSWORD_RULES, passwordPolicyViolation } from './password-policy';

describe('password policy', () => {
  it.each(['password1', 'Password123', 'QWERTY123', 'iloveyou', '1qaz2wsx', 'sunshine'])('refuses the common password %s', (pw) => {
    expect(passwordPolicyViolation(pw, 'x@example.com')).toBe(PASSWORD_RULES.common);
  });

  it('refuses the email, its local part, and passwords containing the local part (any case)', () => {
    expect(passwordPolicyViolation('ada.lovelace@example.com', 'ada.lovelace@example.com')).toBe(PASSWORD_RULES.email);
    expect(passwordPolicyViolation('Ada.Lovelace', 'ada.lovelace@example.com')).toBe(PASSWORD_RULES.email);
    expect(passwordPolicyViolation('my-ADA.LOVELACE-2024', 'ada.lovelace@example.com')).toBe(PASSWORD_RULES.email);
  });

  it('refuses with the message the forms show before submitting (contracts/auth.ts)', () => {
    expect(PASSWORD_RULES.email).toBe(PASSWORD_EMAIL_RULE);
    expect(passwordPolicyViolation('NoraBakes2026!', 'nora@bakery.example')).toBe(PASSWORD_EMAIL_RULE);
  });

  it('accepts ordinary strong passwords, and a short local part does not forbid its letters', () => {
    expect(passwordPolicyViolation('correct-horse-1', 'ada@example.com')).toBeUndefined();
    expect(passwordPolicyViolation('secret12', 'user1@example.com')).toBeUndefined();
    expect(passwordPolicyViolation('balloon-pilot-7', 'al@example.com')).toBeUndefined();
  });

  it('ships a list of about a thousand entries, all lower-case and 8+ characters', async () => {
    const { readFile } = await import('node:fs/promises');
    const lines = (await readFile(new URL('./common-passwords.txt', import.meta.url), 'utf8')).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(lines).size).toBe(lines.length);
    for (const l of lines) {
      expect(l).toBe(l.toLowerCase());
      expect(l.length).toBeGreaterThanOrEqual(8);
    }
  });
});
