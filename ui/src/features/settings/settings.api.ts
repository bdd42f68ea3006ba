import type { ChangePasswordBody, DeleteAccountBody, NotificationSettings, PublicUser, UpdateProfileBody } from '@contracts/auth';
import { apiGet, apiRequest } from '../../lib/api';

interface Answer {
  success: boolean;
  message: string;
}

export const NOTIFICATIONS_KEY = ['/api/account/notifications'] as const;

export const updateProfile = (body: UpdateProfileBody) => apiRequest<PublicUser>('PATCH', '/api/account/profile', body);
export const changePassword = (body: ChangePasswordBody) => apiRequest<Answer>('POST', '/api/account/password', body);
export const fetchNotifications = () => apiGet<NotificationSettings>('/api/account/notifications');
export const saveNotifications = (body: NotificationSettings) => apiRequest<NotificationSettings>('PUT', '/api/account/notifications', body);
export const deleteAccount = (body: DeleteAccountBody) => apiRequest<Answer>('DELETE', '/api/account', body);
