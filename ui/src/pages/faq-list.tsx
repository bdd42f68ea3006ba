import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { Icon } from '../components/icon';

export interface FaqItem {
  q: string;
  a: string;
}

export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => (
        <Disclosure key={item.q} as="div" className="px-5">
          <DisclosureButton className="group flex w-full items-center justify-between gap-4 py-4 text-left text-sm font-medium text-slate-900 dark:text-white">
            {item.q}
            <Icon name="chevron-down" size={18} className="shrink-0 text-slate-400 transition-transform group-data-[open]:rotate-180" />
          </DisclosureButton>
          <DisclosurePanel className="pb-4 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{item.a}</DisclosurePanel>
        </Disclosure>
      ))}
    </div>
  );
}
