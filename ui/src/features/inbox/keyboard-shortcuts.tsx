import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { buttonClasses } from '../../components/button.styles';
import { Icon } from '../../components/icon';

const shortcuts: { keys: string[]; what: string }[] = [
  { keys: ['j', 'Alt+↓'], what: 'Next conversation' },
  { keys: ['k', 'Alt+↑'], what: 'Previous conversation' },
  { keys: ['/'], what: 'Saved replies (at the start of the reply box)' },
  { keys: ['↑', '↓', 'Enter'], what: 'Pick and insert a saved reply' },
  { keys: ['Esc'], what: 'Close the saved replies list' },
  { keys: ['Enter'], what: 'Send' },
  { keys: ['Shift+Enter'], what: 'New line' },
];

const kbd =
  'rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200';

/** The inbox's "Keyboard shortcuts" hint (use-conversation-keys.ts, use-slash-picker.ts). */
export function KeyboardShortcuts() {
  return (
    <Popover className="relative">
      <PopoverButton className={buttonClasses('outline', 'sm')}>
        <Icon name="help" size={16} /> <span className="hidden sm:inline">Keyboard shortcuts</span>
        <span className="sr-only sm:hidden">Keyboard shortcuts</span>
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom end', gap: 8 }}
        className="z-50 w-80 rounded-xl border border-slate-200 bg-white p-3 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <p className="text-sm font-medium text-slate-900 dark:text-white">Keyboard shortcuts</p>
        <dl className="mt-2 space-y-1.5 text-sm">
          {shortcuts.map((s) => (
            <div key={s.what} className="flex items-center justify-between gap-3">
              <dt className="text-slate-600 dark:text-slate-300">{s.what}</dt>
              <dd className="flex shrink-0 gap-1">
                {s.keys.map((k) => (
                  <kbd key={k} className={kbd}>
                    {k}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </PopoverPanel>
    </Popover>
  );
}
