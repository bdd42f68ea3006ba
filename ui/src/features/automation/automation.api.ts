import type { AutomationActivityCount, AutomationActivityResponse } from '@contracts/automation';
import { apiGet } from '../../lib/api';

export const fetchAutomationActivity = () => apiGet<AutomationActivityResponse>('/api/automation/activity');
export const fetchAutomationActivityCount = () => apiGet<AutomationActivityCount>('/api/automation/activity/count');
