import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Icon, type IconName } from '../../components/icon';
import { cn } from '../../lib/cn';
import type { ThemePreference } from './theme.storage';
import { useTheme } from './use-theme';

const options: Array<{ value: ThemePreference; label: string; icon: IconName }> = [
  { value: 'light', label: 'Light', icon: 'sun' },
  { value: 'dark', label: 'Dark', icon: 'moon' },
  { value: 'system', label: 'System', icon: 'monitor' },
];

/** Light / Dark / System picker (docs/product-spec.md §2 application shell). */
export function ThemeSwitch() {
  const { preference, resolved, setPreference } = useTheme();
  const current = options.find((o) => o.value === preference);
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={`Theme: ${current?.label ?? 'System'}`}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <Icon name={resolved === 'dark' ? 'moon' : 'sun'} />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option) => (
          <MenuItem key={option.value}>
            <button
              type="button"
              onClick={() => setPreference(option.value)}
              className={cn(
                'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 data-[focus]:bg-slate-100 dark:text-slate-300 dark:data-[focus]:bg-slate-800',
                option.value === preference && 'font-medium text-indigo-600 dark:text-indigo-300',
              )}
            >
              <Icon name={option.icon} size={16} />
              {option.label}
              {option.value === preference && <Icon name="check" size={16} className="ml-auto" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
