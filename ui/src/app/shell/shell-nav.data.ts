import type { IconName } from '../../components/icon';

export interface ShellNavItem {
  label: string;
  to: string;
  icon: IconName;
  /** Active for any path starting with this prefix (spec: Flow Builder for /flows*). */
  matchPrefix?: string;
}

// Spec lists "/" for Dashboard; signed-in users land on /dashboard, so the link goes there directly.
export const sidebarNav: ShellNavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  { label: 'Inbox', to: '/inbox', icon: 'inbox' },
  { label: 'Comment Growth', to: '/comment-growth', icon: 'message' },
  { label: 'Flow Builder', to: '/flows', icon: 'workflow', matchPrefix: '/flows' },
  { label: 'Runs', to: '/runs', icon: 'activity', matchPrefix: '/runs' },
  { label: 'Failed sends', to: '/failed-sends', icon: 'alert' },
  { label: 'Templates', to: '/templates', icon: 'layers' },
  { label: 'Analytics', to: '/analytics', icon: 'chart' },
  { label: 'AI Assistant', to: '/ai-chat', icon: 'sparkles' },
  { label: 'Knowledge Base', to: '/knowledge', icon: 'book' },
  { label: 'Sales Leads', to: '/leads', icon: 'users' },
  { label: 'Broadcasts', to: '/broadcasts', icon: 'megaphone' },
  { label: 'Sequences', to: '/sequences', icon: 'layers' },
  { label: 'Growth links', to: '/growth-links', icon: 'link' },
  { label: 'Bookings', to: '/bookings', icon: 'clock' },
  { label: 'Social Messaging', to: '/social-messaging', icon: 'message-square' },
  { label: 'Simulator', to: '/simulator', icon: 'play' },
  { label: 'Settings', to: '/settings', icon: 'settings' },
];

// The spec's top links pointed Automation at /social-messaging and Analytics at /premium-analytics;
// they open the automation overview and the one analytics page instead.
export const topNav: ShellNavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  { label: 'Automation', to: '/automation', icon: 'zap' },
  { label: 'Analytics', to: '/analytics', icon: 'chart' },
];

export function isNavItemActive(item: ShellNavItem, pathname: string): boolean {
  if (item.matchPrefix) return pathname.startsWith(item.matchPrefix);
  return pathname === item.to;
}
