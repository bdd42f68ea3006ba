import type { ForgotPasswordBody, MailStatus, ResetPasswordBody } from '@contracts/auth';
import { apiGet, apiPost } from '../../lib/api';

interface Answer {
  success: boolean;
  message: string;
}

export const fetchMailStatus = () => apiGet<MailStatus>('/api/auth/mail-status');
export const requestPasswordReset = (body: ForgotPasswordBody) => apiPost<Answer>('/api/auth/forgot-password', body);
export const resetPassword = (body: ResetPasswordBody) => apiPost<Answer>('/api/auth/reset-password', body);
