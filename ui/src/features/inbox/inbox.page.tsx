import { Card } from '../../components/card';
import { Icon } from '../../components/icon';
import { inputClasses } from '../../components/input.styles';
import { PageHeader } from '../../components/page-header';

/** Unified inbox frame. No conversation API yet, so the list is honestly empty and filters are inert. */
export function InboxPage() {
  return (
    <div>
      <PageHeader title="Unified Inbox" description="Every Instagram, Messenger and X conversation in one place." />
      <Card className="grid min-h-[32rem] overflow-hidden md:grid-cols-3">
        <div className="border-b border-slate-200 md:border-r md:border-b-0 dark:border-slate-800">
          <div className="space-y-2 border-b border-slate-200 p-3 dark:border-slate-800">
            <label htmlFor="inbox-search" className="sr-only">
              Search conversations
            </label>
            <input id="inbox-search" disabled placeholder="Search conversations..." className={inputClasses(false)} />
            <div className="grid grid-cols-2 gap-2">
              <select aria-label="Platform" disabled className={inputClasses(false)}>
                <option>All platforms</option>
              </select>
              <select aria-label="Status" disabled className={inputClasses(false)}>
                <option>All statuses</option>
              </select>
            </div>
          </div>
          <div className="p-6 text-center">
            <p className="text-sm font-medium text-slate-900 dark:text-white">No conversations found</p>
            <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
              Conversations appear here once an account is connected. The inbox service is part of an upcoming
              release.
            </p>
          </div>
        </div>
        <div className="flex flex-col items-center justify-center p-10 text-center md:col-span-2">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400 dark:bg-slate-800">
            <Icon name="inbox" size={24} />
          </span>
          <h2 className="mt-4 font-semibold text-slate-900 dark:text-white">Select a conversation</h2>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Choose a conversation from the sidebar to start messaging
          </p>
        </div>
      </Card>
    </div>
  );
}
