import type { AutomationActivityCount, AutomationActivityResponse, AutomationOverview, AutomationStartResponse } from '@contracts/automation';
import { apiGet, apiPost } from '../../lib/api';

export const fetchAutomationActivity = () => apiGet<AutomationActivityResponse>('/api/automation/activity');
export const fetchAutomationActivityCount = () => apiGet<AutomationActivityCount>('/api/automation/activity/count');
export const fetchAutomationOverview = () => apiGet<AutomationOverview>('/api/automation/overview');
export const startAutomation = () => apiPost<AutomationStartResponse>('/api/automation/start');
