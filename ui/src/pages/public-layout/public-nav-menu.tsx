import { CloseButton, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icon';
import type { NavGroup } from './public-nav.data';

/** One header dropdown (Product, Resources, Company, Legal). */
export function PublicNavMenu({ group }: { group: NavGroup }) {
  const wide = group.items.length > 5;
  return (
    <Popover className="relative">
      <PopoverButton className="group inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-indigo-500 data-[open]:text-slate-900 dark:text-slate-300 dark:hover:text-white dark:data-[open]:text-white">
        {group.label}
        <Icon name="chevron-down" size={16} className="transition-transform group-data-[open]:rotate-180" />
      </PopoverButton>
      <PopoverPanel
        transition
        anchor={{ to: 'bottom start', gap: 8 }}
        className={`z-50 rounded-xl border border-slate-200 bg-white p-2 shadow-xl transition duration-150 ease-out data-[closed]:translate-y-1 data-[closed]:opacity-0 dark:border-slate-800 dark:bg-slate-900 ${
          wide ? 'grid w-[34rem] grid-cols-2 gap-1' : 'w-72'
        }`}
      >
        {group.items.map((item) => (
          <CloseButton
            key={item.to}
            as={Link}
            to={item.to}
            className="flex items-start gap-3 rounded-lg p-2.5 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
          >
            {item.icon && (
              <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
                <Icon name={item.icon} size={16} />
              </span>
            )}
            <span>
              <span className="block text-sm font-medium text-slate-900 dark:text-white">{item.label}</span>
              {item.description && <span className="block text-xs text-slate-500 dark:text-slate-400">{item.description}</span>}
            </span>
          </CloseButton>
        ))}
      </PopoverPanel>
    </Popover>
  );
}
