import { useId } from 'react';
import { Icon } from '../../components/icon';
import { useToast } from '../../components/toast/use-toast';
import { cn } from '../../lib/cn';
import { useCopy } from '../../lib/use-copy';

interface CopyFieldProps {
  label: string;
  value: string;
}

/** A read-only value with a copy button; "Copied!" shows for 2 s (docs/product-spec.md §9). */
export function CopyField({ label, value }: CopyFieldProps) {
  const id = useId();
  const { copied, copy } = useCopy();
  const { toast } = useToast();

  async function handleCopy() {
    const ok = await copy(value);
    toast(
      ok
        ? { title: 'Copied!', description: `${label} copied to clipboard.` }
        : { title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' },
    );
  }

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.target.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
        />
        <button
          type="button"
          onClick={() => void handleCopy()}
          aria-label={copied ? `${label} copied` : `Copy ${label}`}
          className={cn(
            'inline-flex shrink-0 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium transition-colors',
            copied
              ? 'border-emerald-300 bg-emerald-50 text-emerald-700 dark:border-emerald-500/40 dark:bg-emerald-500/10 dark:text-emerald-300'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          <Icon name={copied ? 'check' : 'copy'} size={16} />
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
