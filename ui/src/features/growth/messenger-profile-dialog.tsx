import { Dialog, DialogPanel, DialogTitle, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import type { Platform } from '@contracts/platforms';
import { useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Icon } from '../../components/icon';
import { Spinner } from '../../components/spinner';
import { errorMessage } from '../../lib/api';
import { useCan } from '../team/use-can';
import { IceBreakersEditor } from './ice-breakers-editor';
import { fetchIceBreakers, fetchPersistentMenu, profileKeys } from './messenger-profile.api';
import { PersistentMenuEditor } from './persistent-menu-editor';
import { channelOf } from './profile-editor-parts';

interface ProfileAccount {
  id: string;
  platform: Platform;
  username: string;
  displayName: string;
  isSandbox: boolean;
}

const accountName = (a: ProfileAccount) => (a.platform === 'facebook' && !a.isSandbox ? a.displayName : `@${a.username}`);

/**
 * "Ice breakers & menu" on an Instagram or Messenger account: opens the editor. Shown to the roles
 * that may change flows (contracts/permissions.ts, the API's own check); absent on X accounts.
 */
export function MessengerProfileButton({ account, size = 'sm' }: { account: ProfileAccount & { isActive?: boolean }; size?: 'sm' | 'md' }) {
  const canEdit = useCan('flows:write');
  const [open, setOpen] = useState(false);
  if (!canEdit || account.platform === 'twitter' || account.isActive === false) return null;
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)} aria-label={`Ice breakers & menu of ${accountName(account)}`}>
        Ice breakers &amp; menu
      </Button>
      {open && <MessengerProfileDialog account={account} onClose={() => setOpen(false)} />}
    </>
  );
}

function Loaded<T>({ query, children }: { query: { data?: T; error: Error | null; isError: boolean }; children: (data: T) => ReactNode }) {
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorMessage(query.error, 'Could not load them')}
      </p>
    );
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** The ice breakers and the persistent menu of one account, each with what the platform holds now. */
export function MessengerProfileDialog({ account, onClose }: { account: ProfileAccount; onClose: () => void }) {
  // Each GET reads Meta's copy live, and opening the dialog always asks again (stale at once).
  const ice = useQuery({ queryKey: profileKeys.iceBreakers(account.id), queryFn: () => fetchIceBreakers(account.id), staleTime: 0 });
  const menu = useQuery({ queryKey: profileKeys.menu(account.id), queryFn: () => fetchPersistentMenu(account.id), staleTime: 0 });
  const tabClass =
    '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 outline-none hover:text-slate-900 data-[selected]:border-indigo-600 data-[selected]:text-indigo-600 dark:text-slate-400 dark:hover:text-white dark:data-[selected]:text-indigo-400';
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-2 sm:p-4">
        <div className="flex min-h-full items-start justify-center sm:items-center">
          <DialogPanel className="w-full max-w-4xl rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:p-6 dark:border-slate-700 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <DialogTitle className="text-base font-semibold text-slate-900 dark:text-white">Ice breakers &amp; menu</DialogTitle>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                  {channelOf(account.platform)} · {accountName(account)}
                  {account.isSandbox ? ' · sandbox' : ''}
                </p>
              </div>
              <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close">
                <Icon name="x" size={16} />
              </Button>
            </div>
            <TabGroup className="mt-3">
              <TabList className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
                <Tab className={tabClass}>Ice breakers</Tab>
                <Tab className={tabClass}>Persistent menu</Tab>
              </TabList>
              <TabPanels className="mt-4">
                <TabPanel>
                  <Loaded query={ice}>{(view) => <IceBreakersEditor account={account} view={view} />}</Loaded>
                </TabPanel>
                <TabPanel>
                  <Loaded query={menu}>{(view) => <PersistentMenuEditor account={account} view={view} />}</Loaded>
                </TabPanel>
              </TabPanels>
            </TabGroup>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
