import { describe, expect, it } from 'vitest';
import { validateRegister, type RegisterFormValues } from './register.validation';
import { validateLogin } from './login.validation';

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
