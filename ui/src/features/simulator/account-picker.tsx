import { Radio, RadioGroup } from '@headlessui/react';
import type { SimulatorState } from '@contracts/simulator';
import { Badge } from '../../components/badge';
import { PlatformIcon } from '../../components/platform-icon';
import { cn } from '../../lib/cn';
import { accountChannelName } from '../accounts/account-label';

type SimAccount = SimulatorState['accounts'][number];

interface AccountPickerProps {
  accounts: SimAccount[];
  value: string;
  onChange: (accountId: string) => void;
}

/** The sandbox account to play with: Instagram or Messenger. */
export function AccountPicker({ accounts, value, onChange }: AccountPickerProps) {
  return (
    <RadioGroup value={value} onChange={onChange} aria-label="Sandbox account" className="grid gap-2 sm:grid-cols-2">
      {accounts.map((account) => (
        <Radio
          key={account.id}
          value={account.id}
          className={({ checked }) =>
            cn(
              'flex cursor-pointer items-center gap-3 rounded-xl border p-3 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-indigo-500/40',
              checked
                ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
                : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800',
            )
          }
        >
          <PlatformIcon platform={account.platform} size={36} />
          <span className="min-w-0 flex-1" title={account.displayName}>
            <span className="block text-sm font-semibold text-slate-900 dark:text-white">{accountChannelName(account)}</span>
            <span className="block truncate text-xs text-slate-600 dark:text-slate-400">@{account.username}</span>
          </span>
          <Badge tone="warning">Sandbox</Badge>
        </Radio>
      ))}
    </RadioGroup>
  );
}
