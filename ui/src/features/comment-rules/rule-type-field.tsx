import { Radio, RadioGroup, Label } from '@headlessui/react';
import { cn } from '../../lib/cn';
import type { RuleDraft } from './rule-draft';

const options: Array<{ value: RuleDraft['automationType']; label: string; text: string }> = [
  { value: 'all_posts', label: 'All posts', text: 'Any post on the account' },
  { value: 'specific_post', label: 'Specific post', text: 'Only one post, by its URL' },
];

export function RuleTypeField({ value, onChange }: { value: RuleDraft['automationType']; onChange: (value: RuleDraft['automationType']) => void }) {
  return (
    <RadioGroup value={value} onChange={onChange}>
      <Label className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">Automation type</Label>
      <div className="grid grid-cols-2 gap-2">
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            className={({ checked }) =>
              cn(
                'cursor-pointer rounded-lg border px-3 py-2.5 focus:outline-none data-[focus]:ring-2 data-[focus]:ring-indigo-500/40',
                checked
                  ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-500/10'
                  : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
              )
            }
          >
            <Label className="block cursor-pointer text-sm font-medium text-slate-900 dark:text-white">{option.label}</Label>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{option.text}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
