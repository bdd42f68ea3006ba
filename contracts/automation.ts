/** docs/product-spec.md §3 Automation activity. */
export interface AutomationActivity {
  id: string;
  action: string;
  message: string;
  intent: string;
  createdAt: string;
}
export interface AutomationActivityResponse {
  activities: AutomationActivity[];
}
export interface AutomationActivityCount {
  count: number;
}
