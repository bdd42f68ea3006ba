import type { DashboardToday } from '@contracts/dashboard';
import { apiGet } from '../../lib/api';

export const dashboardKeys = { today: (tz: string) => ['dashboard', 'today', tz] as const };

export const fetchDashboardToday = (tz: string) => apiGet<DashboardToday>(`/api/dashboard/today?tz=${encodeURIComponent(tz)}`);
