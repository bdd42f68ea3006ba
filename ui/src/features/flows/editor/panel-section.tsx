import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { ReactNode, Ref } from 'react';
import { Icon } from '../../../components/icon';

interface PanelSectionProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
  ref?: Ref<HTMLElement>;
}

/** A collapsible section of the editor's right panel. */
export function PanelSection({ title, children, defaultOpen = true, ref }: PanelSectionProps) {
  return (
    <Disclosure as="section" defaultOpen={defaultOpen} ref={ref} className="border-b border-slate-200 dark:border-slate-800" aria-label={title}>
      <h2>
        <DisclosureButton className="group flex w-full items-center justify-between px-4 py-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-50 dark:text-white dark:hover:bg-slate-800/50">
          {title}
          <Icon name="chevron-down" size={16} className="text-slate-400 transition-transform group-data-[open]:rotate-180" />
        </DisclosureButton>
      </h2>
      <DisclosurePanel className="px-4 pt-1 pb-4">{children}</DisclosurePanel>
    </Disclosure>
  );
}
