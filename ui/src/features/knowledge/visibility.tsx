import { Label, Radio, RadioGroup } from '@headlessui/react';
import { knowledgeVisibilities, type KnowledgeVisibility } from '@contracts/knowledge';
import type { BadgeTone } from '../../components/badge';
import { Icon, type IconName } from '../../components/icon';
import { cn } from '../../lib/cn';

/** How each visibility is named and explained (ADR 0037: public entries can be sent to customers). */
export const visibilityMeta: Record<KnowledgeVisibility, { label: string; text: string; icon: IconName; tone: BadgeTone }> = {
  public: {
    label: 'Public',
    text: 'Can be sent to customers: AI Reply steps and suggested replies may quote it in a DM.',
    icon: 'globe',
    tone: 'success',
  },
  internal: {
    label: 'Internal',
    text: 'Only for you and your team: the AI assistant page and the dashboard panel use it, never a customer.',
    icon: 'lock',
    tone: 'neutral',
  },
};

/** The choice in the entry dialog: who this entry may answer. */
export function VisibilityField({ value, onChange }: { value: KnowledgeVisibility; onChange: (value: KnowledgeVisibility) => void }) {
  return (
    <RadioGroup value={value} onChange={onChange}>
      <Label className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">Who may see it</Label>
      <div className="grid gap-2 sm:grid-cols-2">
        {knowledgeVisibilities.map((v) => (
          <Radio
            key={v}
            value={v}
            className={({ checked }) =>
              cn(
                'cursor-pointer rounded-lg border px-3 py-2.5 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-indigo-500/40',
                checked
                  ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
                  : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
              )
            }
          >
            <Label className="flex cursor-pointer items-center gap-1.5 text-sm font-medium text-slate-900 dark:text-white">
              <Icon name={visibilityMeta[v].icon} size={14} /> {visibilityMeta[v].label}
            </Label>
            <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{visibilityMeta[v].text}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** What the page says once, above the entries: what public means, and the defaults. */
export function VisibilityNotice({ counts }: { counts: Record<KnowledgeVisibility, number> | undefined }) {
  return (
    <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-100">
      <Icon name="alert" size={18} className="mt-0.5 shrink-0" />
      <div className="space-y-1">
        <p>
          <strong className="font-semibold">Public entries can be sent to your customers.</strong> An AI Reply step in a flow, or a suggested reply in the
          Inbox, may quote a public entry to whoever messages you. Internal entries only answer you and your team.
        </p>
        <p className="text-amber-800 dark:text-amber-200/80">
          New documents start internal, every other kind starts public.
          {counts && counts.internal > 0 && <> Documents added before this choice existed were made internal.</>}
          {counts && (
            <>
              {' '}
              Now: {counts.public} public, {counts.internal} internal.
            </>
          )}
        </p>
      </div>
    </div>
  );
}

interface VisibilityTabsProps {
  value: KnowledgeVisibility | null;
  counts: Record<KnowledgeVisibility, number> | undefined;
  onChange: (value: KnowledgeVisibility | null) => void;
}

/** Anyone / public / internal, beside the search box. */
export function VisibilityTabs({ value, counts, onChange }: VisibilityTabsProps) {
  const options: { value: KnowledgeVisibility | null; label: string; count: number | undefined }[] = [
    { value: null, label: 'Any', count: counts ? counts.public + counts.internal : undefined },
    ...knowledgeVisibilities.map((v) => ({ value: v, label: visibilityMeta[v].label, count: counts?.[v] })),
  ];
  return (
    <div role="group" aria-label="Visibility" className="inline-flex shrink-0 rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
      {options.map((o) => (
        <button
          key={o.label}
          type="button"
          aria-pressed={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'inline-flex items-center gap-1 rounded-md px-2.5 py-1 text-sm font-medium',
            o.value === value
              ? 'bg-slate-900 text-white dark:bg-white dark:text-slate-900'
              : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {o.value && <Icon name={visibilityMeta[o.value].icon} size={13} />}
          {o.label}
          {o.count !== undefined && <span className="tabular-nums opacity-70">{o.count}</span>}
        </button>
      ))}
    </div>
  );
}
