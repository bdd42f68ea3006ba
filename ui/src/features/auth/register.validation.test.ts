import { describe, expect, it } from 'vitest';
import { validateRegister, type RegisterFormValues } from './register.validation';
import { validateLogin } from './login.validation';
import { PASSWORD_EMAIL_RULE, PASSWORD_RULES_SUMMARY } from '@contracts/auth';
import { newPasswordErrors, PASSWORD_HINT } from './password-hint';

const valid: RegisterFormValues = {
  firstName: 'Ada',
  lastName: '',
  email: 'ada@example.com',
  password: 'secret12',
  confirmPassword: 'secret12',
  acceptTerms: true,
};

describe('register form rules use the docs/product-spec.md §5 messages', () => {
  it('accepts a complete form (last name optional)', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('an empty form reports every required field', () => {
    expect(validateRegister({ firstName: ' ', lastName: '', email: '', password: '', confirmPassword: '', acceptTerms: false })).toEqual({
      firstName: 'First name is required',
      email: 'Email is required',
      password: 'Password is required',
      acceptTerms: 'You must accept the terms of service',
    });
  });

  it('checks email shape, password length and confirmation', () => {
    expect(validateRegister({ ...valid, email: 'ada@example' }).email).toBe('Please enter a valid email address');
    expect(validateRegister({ ...valid, password: '1234567', confirmPassword: '1234567' }).password).toBe('Password must be at least 8 characters');
    expect(validateRegister({ ...valid, confirmPassword: 'secret2' }).confirmPassword).toBe('Passwords do not match');
  });

  it('login needs a valid email and a password', () => {
    expect(validateLogin({ email: '', password: '', rememberMe: false })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(validateLogin({ email: 'x@y', password: 'p', rememberMe: true })).toEqual({
      email: 'Please enter a valid email address',
    });
  });
});

describe("the password rules the forms state are the server's (api/auth/password-policy.ts uses the same contract)", () => {
  it('the hint under every new-password field names all three rules before anything is typed', () => {
    expect(PASSWORD_HINT).toBe(PASSWORD_RULES_SUMMARY);
    expect(PASSWORD_HINT).toMatch(/8 characters.*common password.*email or the part before the @/);
  });

  it("checks the email rule before submitting, with the server's message", () => {
    // The walkthrough's refused password: it contains "nora", the part before the @.
    const nora = { ...valid, email: 'nora@bakery.example', password: 'NoraBakes2026!', confirmPassword: 'NoraBakes2026!' };
    expect(validateRegister(nora).password).toBe(PASSWORD_EMAIL_RULE);
    expect(newPasswordErrors('NoraBakes2026!', 'NoraBakes2026!', 'nora@bakery.example').password).toBe(PASSWORD_EMAIL_RULE);
    // A local part under 4 characters only forbids itself, as on the server.
    expect(validateRegister({ ...valid, email: 'al@example.com', password: 'balloon-pilot-7', confirmPassword: 'balloon-pilot-7' })).toEqual({});
    expect(newPasswordErrors('correct-horse-1', 'correct-horse-1', 'nora@bakery.example')).toEqual({});
  });
});
