import type { LoginBody, LoginResponse, OAuthStatus, PublicUser, RegisterBody, RegisterResponse, TestLoginResponse } from '@contracts/auth';
import { ApiError, apiGet, apiPost } from '../../lib/api';
import { browserTimeZone } from '../../lib/browser-time-zone';

/** GET /api/auth/user — a 401 means "signed out", which is an answer, not an error. */
export async function fetchCurrentUser(): Promise<PublicUser | null> {
  try {
    return await apiGet<PublicUser>('/api/auth/user');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The browser's zone goes along: the new workspace's "today" is the person's own (docs/product-spec.md, Glossary). */
export const registerUser = (body: RegisterBody) => apiPost<RegisterResponse>('/api/auth/register', { timeZone: browserTimeZone(), ...body });
export const loginUser = (body: LoginBody) => apiPost<LoginResponse>('/api/auth/login', body);
export const testLogin = () => apiPost<TestLoginResponse>('/api/auth/test-login', { timeZone: browserTimeZone() });
export const logoutUser = () => apiPost<unknown>('/api/logout');
export const fetchOAuthStatus = (provider: 'google' | 'facebook') => apiGet<OAuthStatus>(`/api/auth/${provider}/status`);
