import { useRef } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { displayName, tierName } from '../auth/user.display';
import { AssistantChatPanel } from './assistant-chat-panel';
import { DashboardTiles } from './dashboard-tiles';
import { GettingStartedChecklist } from './getting-started-checklist';
import { TierIcon } from './tier-icon';
import { TodayFigures } from './today-figures';

/**
 * /dashboard: one greeting (the spec's header welcome, card title and welcome line said the same thing
 * three times; docs/product-spec.md records the deviation), the getting-started checklist until it is
 * closed, today's figures, the tiles and the assistant.
 * The account menu is the shell's.
 */
export function DashboardPage() {
  const { user } = useCurrentUser();
  const chatInput = useRef<HTMLTextAreaElement>(null);
  const tier = tierName(user);

  function focusChat() {
    chatInput.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    chatInput.current?.focus({ preventScroll: true });
  }

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        <TierIcon tier={tier} className="h-11 w-11" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Dashboard</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Welcome, {displayName(user)} · <span className="font-medium">{tier}</span> plan
          </p>
        </div>
      </div>

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
