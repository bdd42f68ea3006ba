import type { DashboardToday } from '@contracts/dashboard';
import { apiGet } from '../../lib/api';

export const dashboardKeys = { today: ['dashboard', 'today'] as const };

/** Today's figures in the workspace's time zone (the server knows it), shared by the dashboard and Connect Accounts. */
export const fetchDashboardToday = () => apiGet<DashboardToday>('/api/dashboard/today');
