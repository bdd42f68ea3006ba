import { Icon } from '../../components/icon';
import { prettyJson } from './runs.helpers';

interface JsonBlockProps {
  label: string;
  value: unknown;
}

/** A collapsible, scrollable JSON viewer (closed by default). */
export function JsonBlock({ label, value }: JsonBlockProps) {
  return (
    <details className="group rounded-lg border border-slate-200 dark:border-slate-700">
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-1.5 text-xs font-medium text-slate-600 select-none hover:text-slate-900 dark:text-slate-400 dark:hover:text-white [&::-webkit-details-marker]:hidden">
        <Icon name="chevron-right" size={14} className="transition-transform group-open:rotate-90" />
        {label}
      </summary>
      <pre className="max-h-72 overflow-auto border-t border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200">
        {prettyJson(value)}
      </pre>
    </details>
  );
}
