import { useRef } from 'react';
import { Card } from '../../components/card';
import { useCurrentUser } from '../auth/use-current-user';
import { displayName, tierName } from '../auth/user.display';
import { AssistantChatPanel } from './assistant-chat-panel';
import { DashboardTiles } from './dashboard-tiles';
import { DashboardUserMenu } from './dashboard-user-menu';
import { GettingStartedChecklist } from './getting-started-checklist';
import { TierIcon } from './tier-icon';
import { TodayFigures } from './today-figures';
import { useLogout } from '../auth/use-logout';

export function DashboardPage() {
  const { user } = useCurrentUser();
  const logout = useLogout();
  const chatInput = useRef<HTMLTextAreaElement>(null);
  const tier = tierName(user);

  function focusChat() {
    chatInput.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    chatInput.current?.focus({ preventScroll: true });
  }

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">Replypilot</p>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Dashboard</h1>
          <p className="hidden text-sm text-slate-600 sm:block dark:text-slate-400">Welcome, {displayName(user)}</p>
        </div>
        <DashboardUserMenu user={user} onLogout={() => logout.mutate()} loggingOut={logout.isPending} />
      </div>

      <Card className="relative overflow-hidden p-6">
        <div aria-hidden="true" className="absolute -top-16 -right-16 h-48 w-48 rounded-full bg-gradient-to-br from-indigo-500/15 to-violet-500/15 blur-2xl" />
        <div className="relative flex items-start gap-4">
          <TierIcon tier={tier} />
          <div>
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Your Dashboard</h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">Welcome to your dashboard overview</p>
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
              Hello {displayName(user)}, you're on the <span className="font-semibold">{tier}</span> plan.
            </p>
          </div>
        </div>
      </Card>

      <GettingStartedChecklist />

      <TodayFigures />

      <DashboardTiles onChatNow={focusChat} />

      <AssistantChatPanel signedIn={Boolean(user)} inputRef={chatInput} />

      <footer className="flex flex-col gap-1 border-t border-slate-200 pt-4 text-xs text-slate-500 sm:flex-row sm:justify-between dark:border-slate-800 dark:text-slate-400">
        <span>© {new Date().getFullYear()} Replypilot</span>
        <span>
          Logged in as {displayName(user, 'Demo User')} · Subscription: {tier}
        </span>
      </footer>
    </div>
  );
}
